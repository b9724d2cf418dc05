/**
 * The clipboard across tabs and browsers of one user (issue 17 part 5): once signed in, the old
 * local clipboard is migrated into the cloud cache, every copy is added to it, and when the page
 * gains focus the newest cloud copy of each kind replaces an older local one. A page copied to the
 * clipboard (project/paste.ts) goes the same way through the copyAndPaste cache call.
 */
import { request } from '../api/http.ts';
import { clipboardTime, setClipboardSink, writeClipboard } from '../editors/clipboard.ts';
import { latestClip, migrateOldClipboard, pushClip, type CacheCalls } from './client-cache.ts';
import { pullClipboardPage, pushPageCopy, setPageSink } from '../project/paste.ts';

export const httpCache: CacheCalls = {
  get: async (key) => (await request<string | null>('GET', `/api/cache/${encodeURIComponent(key)}`, { relogin: false })) ?? null,
  set: async (key, value) => void (await request('POST', `/api/cache/${encodeURIComponent(key)}`, { body: { value }, relogin: false })),
};

/** Takes in the newest cloud copies that are newer than this browser's. */
export async function pullClipboard(calls: CacheCalls = httpCache): Promise<void> {
  for (const kind of ['sch', 'pcb'] as const) {
    const e = await latestClip(calls, kind);
    if (e && e.time > clipboardTime(kind)) writeClipboard(kind, e.text, e.time, true);
  }
  await pullClipboardPage(calls);
}

/** Starts the shared clipboard; returns stop. */
export function startCloudClipboard(calls: CacheCalls = httpCache): () => void {
  let stopped = false;
  const pull = () => void pullClipboard(calls).catch(() => undefined);
  void migrateOldClipboard(calls, localStorage, Date.now())
    .catch(() => null)
    .then(() => {
      if (stopped) return;
      setClipboardSink((kind, text, time) => void pushClip(calls, { kind, text, time }).catch(() => undefined));
      setPageSink((page) => void pushPageCopy(calls, page).catch(() => undefined));
      pull();
    });
  window.addEventListener('focus', pull);
  return () => {
    stopped = true;
    setClipboardSink(null);
    setPageSink(null);
    window.removeEventListener('focus', pull);
  };
}
