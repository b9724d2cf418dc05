/**
 * Worker of bench/kicad.bench.ts: our KiCad import as the server runs it, in a worker thread with the
 * server's KiCad job limits (KICAD_JOB_LIMITS: its young generation). Asked `{file, k}`, it imports the
 * board k times in a row and answers the process's CPU time and the wall time per import.
 */
import { parentPort } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { kicadToProject } from '@copperplate/convert';

const files = new Map<string, Uint8Array>();
parentPort!.on('message', ({ file, k }: { file: string; k: number }) => {
  let bytes = files.get(file);
  if (!bytes) files.set(file, (bytes = new Uint8Array(readFileSync(file))));
  const c = process.cpuUsage();
  const t = performance.now();
  for (let i = 0; i < k; i++) kicadToProject([{ name: basename(file), data: bytes }]);
  const wall = performance.now() - t;
  const d = process.cpuUsage(c);
  parentPort!.postMessage({ wall: wall / k, cpu: (d.user + d.system) / 1000 / k });
});
parentPort!.postMessage({ ready: true });
