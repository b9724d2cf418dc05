/**
 * The browser's engine (eecircuit-engine: ngspice compiled to WebAssembly, the same module the web
 * app loads in a Web Worker) gives the same numbers as the server's ngspice on the netlists we write,
 * within 1e-6 relative point for point (and 1e-9 of the trace's scale near 0 V): RC transient and AC, diode bridge, Sallen-Key, common emitter.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseRaw, plotFromEngine, type Analysis, type Plot } from '@copperplate/spice';
import { runNgspice } from '@copperplate/server/spice/ngspice';
import { Simulation } from 'eecircuit-engine';
import { netlistOfSheet } from '../src/commands/simulate.ts';
import { BRIDGE, COMMON_EMITTER, RC, SALLEN_KEY, circuitEpro, type CircuitSpec } from './spice-circuits.ts';

const root = join(import.meta.dirname, '../../..');
spawnSync(process.execPath, [join(root, 'scripts/ensure.mjs'), '--ngspice'], { stdio: 'inherit', cwd: root });
const HAVE = existsSync('/usr/bin/ngspice');

let engine: Simulation | undefined;
async function browserEngine(netlist: string): Promise<Plot[]> {
  if (!engine) { engine = new Simulation(); await engine.start(); }
  engine.setNetList(netlist);
  const r = await engine.runSim();
  expect(engine.getError().filter((e) => !/^\s*$|^Note:|^Warning:/i.test(e))).toEqual([]);
  const raw = (engine as unknown as { dataRaw?: Uint8Array }).dataRaw;
  return raw?.length ? parseRaw(raw) : [plotFromEngine(r as Parameters<typeof plotFromEngine>[0])];
}

/**
 * How far two plots are apart, point for point, vectors matched by name, complex values as a whole
 * (the sweep: its real part): `relative` = |a - b| / max(|a|, |b|) over the points whose magnitude is
 * at least 1e-3 of the vector's largest; `ofScale` = |a - b| / the vector's largest magnitude, over
 * every point (a sine through 0 V is compared at its scale there).
 */
export function difference(a: Plot, b: Plot): { relative: number; ofScale: number; where: string } {
  expect(b.points).toBe(a.points);
  // ngspice 45 (the engine) lists the vectors in another order than Debian's ngspice: match by name
  expect(b.vectors.map((v) => v.name).sort()).toEqual(a.vectors.map((v) => v.name).sort());
  let relative = 0, ofScale = 0, where = '';
  for (const va of a.vectors) {
    const vb = b.vectors.find((v) => v.name === va.name)!;
    const sweep = va === a.vectors[0];
    const imag = (v: typeof va, i: number) => (sweep ? 0 : v.im?.[i] ?? 0);
    const mag = (v: typeof va, i: number) => Math.hypot(v.re[i], imag(v, i));
    let scale = 0;
    for (let i = 0; i < a.points; i++) scale = Math.max(scale, mag(va, i));
    if (scale === 0) continue;
    for (let i = 0; i < a.points; i++) {
      const diff = Math.hypot(va.re[i] - vb.re[i], imag(va, i) - imag(vb, i));
      const m = Math.max(mag(va, i), mag(vb, i));
      if (diff / scale > ofScale) { ofScale = diff / scale; where = `${va.name}[${i}] ${va.re[i]} vs ${vb.re[i]}`; }
      if (m >= 1e-3 * scale) relative = Math.max(relative, diff / m);
    }
  }
  return { relative, ofScale, where };
}

const CASES: Array<[string, CircuitSpec, Analysis | undefined]> = [
  ['RC transient', RC, undefined],
  ['RC AC', RC, { kind: 'ac', sweep: 'dec', points: 100, fstart: 1, fstop: '100k' }],
  ['diode bridge', BRIDGE, undefined],
  ['Sallen-Key', SALLEN_KEY, undefined],
  ['common emitter (AC)', COMMON_EMITTER, { kind: 'ac', sweep: 'dec', points: 20, fstart: 10, fstop: '1meg' }],
];

describe.skipIf(!HAVE)('browser engine vs server ngspice', () => {
  afterAll(() => { engine = undefined; });
  it.each(CASES)('%s: same numbers within 1e-6 relative', async (_name, spec, analysis) => {
    const r = netlistOfSheet(circuitEpro(spec), `${spec.name}.epro`, 'P1', { analysis });
    expect(r.errors).toEqual([]);
    const server = (await runNgspice(r.text, r)).plots;
    const browser = await browserEngine(r.text);
    const last = server[server.length - 1];
    const mine = browser.find((p) => p.plotname === last.plotname) ?? browser[browser.length - 1];
    const { relative, ofScale, where } = difference(last, mine);
    console.log(`[spice] ${_name}: ${last.points} points x ${last.vectors.length} vectors, largest relative difference ${relative.toExponential(2)}, of scale ${ofScale.toExponential(2)}${where ? ` (${where})` : ''}`);
    expect(relative).toBeLessThan(1e-6);
    expect(ofScale).toBeLessThan(1e-9);
  }, 120_000);
});
