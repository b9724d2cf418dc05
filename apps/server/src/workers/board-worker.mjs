// Worker thread entry of the design rule check (issue 13): registers tsx (a worker does not inherit
// the parent's loaders), then runs one job per message.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runDrcJob } = await import('./board-job.ts');
parentPort.on('message', (job) => {
  try {
    parentPort.postMessage({ ok: true, ...runDrcJob(job) });
  } catch (e) {
    parentPort.postMessage({ ok: false, code: e && e.code !== undefined ? e.code : null, message: e && e.message ? String(e.message) : String(e), catalogue: Boolean(e && e.name === 'CatalogueError') });
  }
});
parentPort.postMessage({ ready: true });
