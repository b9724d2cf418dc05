/**
 * Save-as-local (SPEC §7, STREAM-1): the archive is streamed to a browser download through the
 * service worker at /sw/download/stream/{create,write,close}; without a controlling service worker
 * it falls back to a Blob download. File names follow ARC-4 and EXP-1. A stream is registered with the
 * service worker by message with a one-time token from the server (issue 11): the worker opens no
 * stream another site asks for.
 */
import { STREAM_CREATE_WAIT_MS } from '@copperplate/model';
import { defaultDownloadName, sanitizeFileName } from '@copperplate/format';
import { readCookie, request } from '../api/http.ts';

export { sanitizeFileName };

/** ARC-4: ProPrj_ (or ReuseBlock_ for a building-block project) plus year-month-day, .epro (EXP-1 applied). */
export function downloadFileName(cbb: boolean, now: Date = new Date()): string {
  return sanitizeFileName(defaultDownloadName(cbb, now));
}

const CHUNK = 256 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function randomUuid(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/** Streams `bytes` to a download named `fileName`. `onProgress` gets the share of steps done (0..1). */
export async function saveBytes(bytes: Uint8Array, fileName: string, onProgress?: (share: number) => void): Promise<'stream' | 'blob'> {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!sw) {
    const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    onProgress?.(1);
    document.body.dataset.lastDownload = 'blob';
    return 'blob';
  }
  const uuid = randomUuid();
  const { token } = await request<{ token: string }>('POST', '/api/downloads/token', { body: {} });
  const accepted = await new Promise<boolean>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => resolve((e.data as { ok?: boolean } | null)?.ok === true);
    sw.postMessage({ type: 'download', uuid, fileName, token, csrf: readCookie('cp_csrf') }, [channel.port2]);
  });
  if (!accepted) throw new Error('The download could not be started, please try again');
  const q = `?uuid=${encodeURIComponent(uuid)}&token=${encodeURIComponent(token)}`;
  // create: a navigation the service worker answers with a streamed attachment
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'download';
  document.body.appendChild(frame);
  frame.src = `/sw/download/stream/create${q}`;
  await sleep(STREAM_CREATE_WAIT_MS);
  const steps = Math.max(1, Math.ceil(bytes.length / CHUNK)) + 2;
  onProgress?.(1 / steps);
  for (let i = 0, n = 1; i < bytes.length; i += CHUNK, n++) {
    await fetch(`/sw/download/stream/write${q}`, { method: 'POST', body: bytes.slice(i, i + CHUNK) });
    onProgress?.((n + 1) / steps);
  }
  await fetch(`/sw/download/stream/close${q}`, { method: 'POST' });
  onProgress?.(1);
  setTimeout(() => frame.remove(), 30_000);
  document.body.dataset.lastDownload = 'stream';
  return 'stream';
}

/** Registers /sw.js (the download-stream worker); failures are ignored (Blob fallback). */
export async function registerDownloadWorker(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch {
    /* no service worker: saveBytes falls back to a Blob download */
  }
}
