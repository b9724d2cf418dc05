// Worker thread entry of the project-file jobs (issue 11): imports, exports, fabrication outputs,
// design rule checks, SPICE runs, backups and versions. Registers tsx (a worker does not inherit the parent's
// loaders), then runs one job per message; each kind loads its module when first asked.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const bytesOf = (out) => (out.bytes ? [out.bytes.buffer] : []);
async function run(job) {
  switch (job.kind) {
    case 'import': return (await import('./files-job.ts')).runImportJob(job);
    case 'export': return (await import('./files-job.ts')).runExportJob(job);
    case 'fab': return (await import('./fab-job.ts')).runFabJob(job.fab);
    case 'fab-preview': return (await import('./fab-job.ts')).runFabPreview(job.fab);
    case 'drc': return (await import('./board-job.ts')).runDrcJob(job.board);
    case 'spice': return (await import('./spice-job.ts')).runSpiceJob(job.job);
    case 'state': return (await import('./state-job.ts')).runStateJob(job.job);
    default: throw new Error(`unknown job ${job.kind}`);
  }
}
parentPort.on('message', async (job) => {
  try {
    const out = await run(job);
    parentPort.postMessage({ ok: true, ...out }, bytesOf(out));
  } catch (e) {
    parentPort.postMessage({ ok: false, code: e && e.code !== undefined ? e.code : null, message: e && e.message ? String(e.message) : String(e), catalogue: Boolean(e && e.name === 'CatalogueError') });
  }
});
parentPort.postMessage({ ready: true });
