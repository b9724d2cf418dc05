/**
 * Worker of the parallel import in bench/epro.bench.ts: unzips its share of the entries of an .epro
 * (readZip with the archive limits, divided among the workers) and prechecks each document
 * (precheckDocument: parse every line, type marker, referenced ids). Only format-package calls, so a
 * browser Web Worker could run the same code.
 */
import { parentPort } from 'node:worker_threads';
import { readZip, isText, precheckDocument, DEFAULT_ZIP_LIMITS, type Precheck } from '@copperplate/format';

export interface ShardRequest {
  bytes: Uint8Array;
  names: string[];
  share: number;
}
export type ShardResult = { ok: true; files: [string, string | Uint8Array, Precheck | null][] } | { ok: false; error: string };

const dec = new TextDecoder();

export function runShard(req: ShardRequest): [string, string | Uint8Array, Precheck | null][] {
  const wanted = new Set(req.names);
  const limits = { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: Math.floor(DEFAULT_ZIP_LIMITS.maxTotalBytes * req.share) };
  const files = readZip(req.bytes, limits, (n) => wanted.has(n));
  const out: [string, string | Uint8Array, Precheck | null][] = [];
  for (const [name, data] of files) {
    if (!isText(name)) out.push([name, data, null]);
    else {
      const text = dec.decode(data);
      out.push([name, text, name.endsWith('.json') ? null : precheckDocument(name, text)]);
    }
  }
  return out;
}

parentPort?.on('message', (req: ShardRequest) => {
  try {
    parentPort!.postMessage({ ok: true, files: runShard(req) } satisfies ShardResult);
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) } satisfies ShardResult);
  }
});
