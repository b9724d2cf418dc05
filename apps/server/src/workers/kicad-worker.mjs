// Worker thread entry of the KiCad conversion (issue 15): sources are TypeScript, so the worker
// registers tsx itself (a worker does not inherit the parent's loaders), then runs one job per message.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runKicadJob } = await import('./kicad-job.ts');
parentPort.on('message', (job) => {
  try {
    const out = runKicadJob(job);
    parentPort.postMessage({ ok: true, ...out }, out.epro ? [out.epro.buffer] : []);
  } catch (e) {
    parentPort.postMessage({ ok: false, code: e && e.code !== undefined ? e.code : null, message: e && e.message ? String(e.message) : String(e), catalogue: Boolean(e && e.name === 'CatalogueError') });
  }
});
parentPort.postMessage({ ready: true });
