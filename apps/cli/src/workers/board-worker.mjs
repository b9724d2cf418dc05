// Worker thread entry for board jobs (pour refill, DRC): registers tsx, then answers one job.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';
register();
const { runBoardJob } = await import('./board-job.ts');
parentPort.postMessage(await runBoardJob(workerData));
