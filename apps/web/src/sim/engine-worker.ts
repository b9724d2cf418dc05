/// <reference lib="webworker" />
/**
 * The browser's SPICE engine in a Web Worker: eecircuit-engine (ngspice compiled to WebAssembly),
 * imported lazily on the first run (its module is ~20 MB) and kept for the next ones. It gets the
 * netlist text the server would get and answers with ngspice's raw file (the same bytes the server's
 * `ngspice -b -r` writes) and ngspice's messages. The page terminates the worker at its time limit.
 */
import type { Simulation } from 'eecircuit-engine';

export interface EngineRequest { id: number; netlist: string }
export interface EngineAnswer { id: number; raw?: Uint8Array; result?: unknown; errors: string[]; info: string; loadMs: number; runMs: number; failure?: string }

let engine: Promise<Simulation> | undefined;
let loadMs = 0;

self.onmessage = async (e: MessageEvent<EngineRequest>) => {
  const { id, netlist } = e.data;
  try {
    const t0 = performance.now();
    engine ??= import('eecircuit-engine').then(async (m) => { const s = new m.Simulation(); await s.start(); loadMs = performance.now() - t0; return s; });
    const sim = await engine;
    const t1 = performance.now();
    sim.setNetList(netlist);
    const result = await sim.runSim();
    const runMs = performance.now() - t1;
    const raw = (sim as unknown as { dataRaw?: Uint8Array }).dataRaw;
    const answer: EngineAnswer = { id, errors: sim.getError(), info: sim.getInfo().slice(-20_000), loadMs, runMs };
    if (raw?.length) answer.raw = raw.slice();
    else answer.result = result;
    (self as unknown as Worker).postMessage(answer, answer.raw ? [answer.raw.buffer] : []);
  } catch (err) {
    (self as unknown as Worker).postMessage({ id, errors: [], info: '', loadMs, runMs: 0, failure: err instanceof Error ? err.message : String(err) } satisfies EngineAnswer);
  }
};
