/**
 * `copperplate pour FILE.epro --doc PCB OUT.epro [--pour ID ...] [--threads N]`: refill every pour of
 * that board (or the named ones) with @copperplate/board in a worker thread and write the project with
 * the new fills (POURED records, stamped fresh). Prints one line per pour. The refill is split by layer
 * over N more worker threads (default 2, 1 on a one-core machine; 1: none), with the same fills.
 */
import { availableParallelism } from 'node:os';
import { CatalogueError } from '@copperplate/model';
import type { Command } from '../commands.ts';
import { readInput, writeOutput } from './files.ts';
import { runInWorker } from '../workers/run.ts';

export const pour: Command = {
  name: 'pour',
  usage: 'pour FILE.epro --doc PCB OUT.epro [--pour ID] [--threads N]',
  summary: 'refill the copper pours of a PCB and write the project with the new fills',
  async run(args: string[]): Promise<number> {
    let doc: string | undefined;
    const only: string[] = [];
    let threads = Math.min(2, availableParallelism());
    const pos: string[] = [];
    for (let i = 0; i < args.length; i++) {
      if (args[i] === '--doc') doc = args[++i];
      else if (args[i] === '--pour') only.push(args[++i]);
      else if (args[i] === '--threads') threads = Number(args[++i]);
      else pos.push(args[i]);
    }
    const [file, out] = pos;
    if (!file || !out || !doc || !(Number.isInteger(threads) && threads >= 1)) {
      console.error(`usage: copperplate ${this.usage}`);
      return 2;
    }
    const res = await runInWorker({ kind: 'pour', bytes: readInput(file), name: file, doc, only: only.length ? only : undefined, threads });
    if (!res.ok) throw new Error(res.message);
    if (res.kind !== 'pour') throw CatalogueError.named('FORMAT_NOT_SUPPORTED');
    writeOutput(out, res.bytes);
    for (const p of res.report.pours) console.log(`${p.name} (${p.id}) layer ${p.layer} net ${p.net}: ${p.islands} islands, ${p.removedIslands} removed`);
    console.log(`refilled ${res.report.pours.length} pours in ${res.report.ms} ms -> ${out}`);
    return 0;
  },
};
