/// <reference lib="webworker" />
/** Web Worker of the PCB editor's DRC panel: runs board jobs (drc-job.ts) off the main thread. */
import { runBoardJob, type BoardJobInput } from './drc-job.ts';

self.onmessage = (e: MessageEvent<BoardJobInput & { seq: number }>) => {
  const { seq, ...input } = e.data;
  (self as unknown as Worker).postMessage({ seq, ...runBoardJob(input) });
};
