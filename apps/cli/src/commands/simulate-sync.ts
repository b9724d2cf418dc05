/** `copperplate simulate-sync --clients N --seed S --steps K`: one seeded sync simulation against a real server. */
import type { Command } from '../commands.ts';
import { createSimWorld } from '../sim/harness.ts';
import { runSimulation } from '../sim/run.ts';
import { runAppSimulation } from '../sim/app-run.ts';

function intArg(args: string[], name: string, dflt: number, min: number, max: number): number {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return dflt;
  const v = Number(args[i + 1]);
  if (!Number.isInteger(v) || v < min || v > max) throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return v;
}

export const simulateSync: Command = {
  name: 'simulate-sync',
  usage: 'simulate-sync [--clients N] [--seed S] [--steps K] [--seeds M] [--restart 0|1] [--app 0|1] [--tabs 1|2]',
  summary: 'seeded sync simulation against a real server; ends with lost=0 converged=yes',
  async run(args) {
    const clients = intArg(args, 'clients', 3, 1, 8);
    const seed = intArg(args, 'seed', 1, 0, 2 ** 31 - 1);
    const steps = intArg(args, 'steps', 60, 1, 100_000);
    const seeds = intArg(args, 'seeds', 1, 1, 100_000);
    const restart = intArg(args, 'restart', 1, 0, 1) === 1;
    const app = intArg(args, 'app', 0, 0, 1) === 1;
    const secondTab = intArg(args, 'tabs', 2, 1, 2) === 2;
    const world = await createSimWorld(clients);
    let failed = 0;
    try {
      for (let s = seed; s < seed + seeds; s++) {
        const o = { clients, seed: s, steps, server: world.server, http: world.http, restart };
        const r = app ? await runAppSimulation({ ...o, secondTab }) : await runSimulation(o);
        console.log(r.line);
        if (r.problems.length) {
          failed++;
          for (const p of r.problems.slice(0, 20)) console.log(`  ${p}`);
        }
      }
    } finally {
      await world.close();
    }
    return failed ? 1 : 0;
  },
};
