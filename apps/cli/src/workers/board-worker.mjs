// Worker thread entry for board jobs (pour refill, DRC): loads board-job from the command's bundle
// (apps/cli/bundle.mjs) when it is fresh, else registers tsx; then answers one job.
import { parentPort, workerData } from 'node:worker_threads';
import { bundledEntry } from '../../bundle.mjs';

const bundled = bundledEntry('board-job');
if (!bundled) (await import('tsx/esm/api')).register();
const { runBoardJob } = await import(bundled ?? './board-job.ts');
parentPort.postMessage(await runBoardJob(workerData));
