// Worker thread entry of the fabrication outputs (issue 12): registers tsx (a worker does not inherit
// the parent's loaders), then runs one job per message.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runFabJob, runFabPreview } = await import('./fab-job.ts');
parentPort.on('message', async (job) => {
  try {
    if (job.kind === 'preview') { parentPort.postMessage({ ok: true, ...(await runFabPreview(job)) }); return; }
    const out = runFabJob(job);
    parentPort.postMessage({ ok: true, ...out }, [out.bytes.buffer]);
  } catch (e) {
    parentPort.postMessage({ ok: false, code: e && e.code !== undefined ? e.code : null, message: e && e.message ? String(e.message) : String(e), catalogue: Boolean(e && e.name === 'CatalogueError') });
  }
});
parentPort.postMessage({ ready: true });
