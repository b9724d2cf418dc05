/**
 * Downloads ('DownLoad zip', 5 steps: CONST-3; SPEC §7, STREAM-1): the archive is streamed to a browser download through the
 * service worker at /sw/download/stream/{create,write,close}; without a controlling service worker
 * it falls back to a Blob download. File names follow ARC-4 and EXP-1. A stream is registered with the
 * service worker by message with a one-time token from the server (issue 11): the worker opens no
 * stream another site asks for.
 */
import { PROGRESS_STEPS, STREAM_CREATE_WAIT_MS, generateId } from '@copperplate/model';
import { defaultDownloadName, sanitizeFileName } from '@copperplate/format';
import { readCookie, request } from '../api/http.ts';
import { Steps } from './progress.ts';

export { sanitizeFileName };

/** ARC-4: ProPrj_ (or ReuseBlock_ for a building-block project) plus year-month-day, .epro (EXP-1 applied). */
export function downloadFileName(cbb: boolean, now: Date = new Date()): string {
  return sanitizeFileName(defaultDownloadName(cbb, now));
}

const CHUNK = 256 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What a streamed download (STREAM-1) calls: a one-time token from the server, the stream
 * registered with the service worker, then create (the browser download, then the 100 ms wait),
 * write (one chunk) and close, each with the stream's query.
 */
export interface DownloadStreamIo {
  token(): Promise<string>;
  register(uuid: string, fileName: string, token: string): Promise<boolean>;
  create(query: string): Promise<void>;
  write(query: string, chunk: Uint8Array): Promise<void>;
  close(query: string): Promise<void>;
}

/**
 * Streams `bytes` as a download in the 5 steps of CONST-3 ('DownLoad zip'): token, registered,
 * created, written (each chunk reports its part of the step), closed. `onProgress` gets the share
 * of steps done.
 */
export async function streamDownload(bytes: Uint8Array, fileName: string, io: DownloadStreamIo, onProgress: (share: number) => void = () => {}): Promise<void> {
  const steps = new Steps(PROGRESS_STEPS.DOWNLOAD, onProgress);
  // the stream's id is made here, not by the server: a generated id (ID-2, X-LC-ID-...)
  const uuid = generateId();
  const token = await io.token();
  steps.step();
  if (!(await io.register(uuid, fileName, token))) throw new Error('The download could not be started, please try again');
  steps.step();
  const q = `?uuid=${encodeURIComponent(uuid)}&token=${encodeURIComponent(token)}`;
  await io.create(q);
  steps.step();
  for (let i = 0; i < bytes.length; i += CHUNK) {
    await io.write(q, bytes.slice(i, i + CHUNK));
    steps.part(Math.min(bytes.length, i + CHUNK) / bytes.length);
  }
  steps.step();
  await io.close(q);
  steps.step();
}

/** The browser's side of a streamed download: the server's token, the service worker, a hidden frame. */
function browserStreamIo(sw: ServiceWorker): DownloadStreamIo {
  let frame: HTMLIFrameElement | undefined;
  return {
    token: async () => (await request<{ token: string }>('POST', '/api/downloads/token', { body: {} })).token,
    register: (uuid, fileName, token) => new Promise<boolean>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (e) => resolve((e.data as { ok?: boolean } | null)?.ok === true);
      sw.postMessage({ type: 'download', uuid, fileName, token, csrf: readCookie('cp_csrf') }, [channel.port2]);
    }),
    async create(q) {
      // a navigation the service worker answers with a streamed attachment
      frame = document.createElement('iframe');
      frame.hidden = true;
      frame.title = 'download';
      document.body.appendChild(frame);
      frame.src = `/sw/download/stream/create${q}`;
      await sleep(STREAM_CREATE_WAIT_MS);
    },
    async write(q, chunk) {
      await fetch(`/sw/download/stream/write${q}`, { method: 'POST', body: chunk as Uint8Array<ArrayBuffer> });
    },
    async close(q) {
      await fetch(`/sw/download/stream/close${q}`, { method: 'POST' });
      const f = frame;
      setTimeout(() => f?.remove(), 30_000);
    },
  };
}

/** Saves `bytes` as a download named `fileName`. `onProgress` gets the share of the download's steps done (0..1). */
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
  await streamDownload(bytes, fileName, browserStreamIo(sw), onProgress);
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
