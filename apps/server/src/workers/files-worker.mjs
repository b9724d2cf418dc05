// Worker thread entry of project imports and exports (issue 11): registers tsx (a worker does not
// inherit the parent's loaders), then runs one job per message.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runImportJob, runExportJob } = await import('./files-job.ts');
parentPort.on('message', (job) => {
  try {
    if (job.kind === 'export') {
      const out = runExportJob(job);
      parentPort.postMessage({ ok: true, ...out }, [out.bytes.buffer]);
      return;
    }
    parentPort.postMessage({ ok: true, ...runImportJob(job) });
  } catch (e) {
    parentPort.postMessage({ ok: false, code: e && e.code !== undefined ? e.code : null, message: e && e.message ? String(e.message) : String(e), catalogue: Boolean(e && e.name === 'CatalogueError') });
  }
});
parentPort.postMessage({ ready: true });
