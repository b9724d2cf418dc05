/**
 * `copperplate drc FILE.epro --doc PCB`: design rule check of a PCB over the rules stored in it, in a
 * worker thread. Prints JSON `{ board, rules, violations: [...], errors, warnings }`; exit code 1 when
 * there are errors (0 otherwise).
 */
import type { Command } from '../commands.ts';
import { readInput } from './files.ts';
import { runInWorker } from '../workers/run.ts';

export const drc: Command = {
  name: 'drc',
  usage: 'drc FILE.epro --doc PCB',
  summary: 'check a PCB against its design rules; JSON with a violations list, exit 1 on errors',
  async run(args: string[]): Promise<number> {
    let doc: string | undefined;
    const pos: string[] = [];
    for (let i = 0; i < args.length; i++) {
      if (args[i] === '--doc') doc = args[++i];
      else pos.push(args[i]);
    }
    const [file] = pos;
    if (!file || !doc) {
      console.error(`usage: copperplate ${this.usage}`);
      return 2;
    }
    const res = await runInWorker({ kind: 'drc', bytes: readInput(file), name: file, doc });
    if (!res.ok) throw new Error(res.message);
    if (res.kind !== 'drc') return 2;
    console.log(JSON.stringify({ board: doc, ...res.report }, null, 2));
    return res.report.errors > 0 ? 1 : 0;
  },
};
