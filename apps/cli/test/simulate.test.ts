/**
 * SPICE with known answers (issue 18): circuits drawn as schematics, saved as .epro, netlisted by
 * @copperplate/spice, simulated by ngspice in batch mode (the server's runner, `copperplate simulate`).
 * Theory: the RC time constant and -3 dB corner within 0.5 %; a full-wave bridge; a Butterworth
 * Sallen-Key; a common-emitter stage against hand analysis. And our results equal a plain
 * `ngspice -b` run on the netlist we wrote, value for value.
 * Needs Debian's ngspice (scripts/ensure.mjs --ngspice); without it the tests skip with a message.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crossing, db, magnitude, parseRaw, phaseDeg, plotToCsv, valueAt, vectorByName, type Plot } from '@copperplate/spice';
import { runNgspice } from '@copperplate/server/spice/ngspice';
import { netlistOfSheet, simulate } from '../src/commands/simulate.ts';
import { BRIDGE, COMMON_EMITTER, RC, SALLEN_KEY, circuitEpro, type CircuitSpec } from './spice-circuits.ts';

const root = join(import.meta.dirname, '../../..');
spawnSync(process.execPath, [join(root, 'scripts/ensure.mjs'), '--ngspice'], { stdio: 'inherit', cwd: root });
const HAVE = existsSync('/usr/bin/ngspice');
if (!HAVE) console.warn('[spice] ngspice is not installed and could not be installed (scripts/ensure.mjs --ngspice): SPICE tests skipped');

const dir = mkdtempSync(join(tmpdir(), 'cp-spice-test-'));
function netlist(spec: CircuitSpec, analysis?: Parameters<typeof netlistOfSheet>[3]) {
  const r = netlistOfSheet(circuitEpro(spec), `${spec.name}.epro`, 'P1', analysis);
  expect(r.errors.map((e) => e.message)).toEqual([]);
  return r;
}
async function sim(spec: CircuitSpec, analysis?: Parameters<typeof netlistOfSheet>[3]): Promise<{ plot: Plot; text: string }> {
  const r = netlist(spec, analysis);
  const run = await runNgspice(r.text, r);
  return { plot: run.plots[0], text: r.text };
}
const re = (p: Plot, name: string) => vectorByName(p, name)!.re;

describe.skipIf(!HAVE)('SPICE simulation with ngspice', () => {
  beforeAll(() => () => rmSync(dir, { recursive: true, force: true }));

  it('RC low-pass: step response reaches 63.2 % at one time constant (1 ms) within 0.5 %', async () => {
    const { plot, text } = await sim(RC);
    expect(text).toContain('R1 in out 1k');
    expect(text).toContain('C1 out 0 1u');
    const tau = crossing(re(plot, 'time'), re(plot, 'v(out)'), 1 - Math.exp(-1))!;
    expect(Math.abs(tau - 1e-3) / 1e-3).toBeLessThan(0.005);
    // and at 3 tau, 95.0 %
    expect(valueAt(re(plot, 'time'), re(plot, 'v(out)'), 3e-3)).toBeCloseTo(1 - Math.exp(-3), 3);
  });

  it('RC low-pass: the -3 dB corner is 1/(2 pi R C) = 159.155 Hz within 0.5 %, phase -45 degrees there', async () => {
    const { plot } = await sim(RC, { analysis: { kind: 'ac', sweep: 'dec', points: 200, fstart: 1, fstop: '100k' } });
    expect(plot.complex).toBe(true);
    const out = vectorByName(plot, 'v(out)')!;
    const dbs = Array.from(out.re, (_, i) => db(out, i));
    const f3 = crossing(re(plot, 'frequency'), dbs, -10 * Math.log10(2), { log: true })!;
    const theory = 1 / (2 * Math.PI * 1e3 * 1e-6);
    expect(Math.abs(f3 - theory) / theory).toBeLessThan(0.005);
    const ph = Array.from(out.re, (_, i) => phaseDeg(out, i));
    expect(valueAt(re(plot, 'frequency'), Float64Array.from(ph), theory)).toBeCloseTo(-45, 0);
  });

  it('diode bridge: full-wave rectified, peak 10 V less two diode drops, never negative', async () => {
    const { plot } = await sim(BRIDGE);
    const t = re(plot, 'time'), v = re(plot, 'v(pos)');
    let max = -Infinity, min = Infinity, peaks = 0;
    for (let i = 1; i < v.length - 1; i++) {
      max = Math.max(max, v[i]); min = Math.min(min, v[i]);
      if (v[i] > 7 && v[i] >= v[i - 1] && v[i] > v[i + 1]) peaks++;
    }
    expect(max).toBeGreaterThan(10 - 2 * 0.95);
    expect(max).toBeLessThan(10 - 2 * 0.55);
    expect(min).toBeGreaterThan(-0.01);
    expect(peaks).toBe(4); // 40 ms of 50 Hz: two humps per cycle
    // the peaks fall at 5, 15, 25, 35 ms
    const at15 = valueAt(t, v, 15e-3);
    expect(at15).toBeGreaterThan(max - 0.05);
  });

  it('Sallen-Key low-pass: 0 dB in the pass band, -3 dB at f0 = 1125.4 Hz within 0.5 %, -40 dB/decade', async () => {
    const { plot, text } = await sim(SALLEN_KEY);
    expect(text).toMatch(/^XU1 b out vcc vee out OPAMP$/m);
    const f = re(plot, 'frequency');
    const out = vectorByName(plot, 'v(out)')!;
    const dbs = Float64Array.from(out.re, (_, i) => db(out, i));
    expect(valueAt(f, dbs, 10)).toBeCloseTo(0, 2);
    const f0 = 1 / (2 * Math.PI * 10e3 * Math.sqrt(20e-9 * 10e-9));
    const f3 = crossing(f, dbs, -10 * Math.log10(2), { log: true })!;
    expect(Math.abs(f3 - f0) / f0).toBeLessThan(0.005);
    expect(valueAt(f, dbs, 10 * f0)).toBeCloseTo(-40, 0);
  });

  it('common-emitter amplifier: bias point and mid-band gain against hand analysis', async () => {
    const r = netlist(COMMON_EMITTER);
    expect(r.text).toMatch(/^Q1 col base emit 2N3904$/m);
    const run = await runNgspice(r.text, r);
    const op = run.plots.find((p) => /operating point/i.test(p.plotname))!;
    const ac = run.plots.find((p) => p.complex)!;
    // hand analysis: Thevenin base 2.105 V behind 8.25k, VBE 0.65 V, beta 416: IE = 1.427 mA
    const vb = re(op, 'v(base)')[0], ve = re(op, 'v(emit)')[0], vc = re(op, 'v(col)')[0];
    expect(vb).toBeGreaterThan(1.95); expect(vb).toBeLessThan(2.15);
    const ic = (12 - vc) / 4.7e3;
    expect(ve / 1e3).toBeCloseTo(ic, 4);
    expect(ic).toBeGreaterThan(1.3e-3); expect(ic).toBeLessThan(1.55e-3);
    // mid-band gain -gm (RC || RL || ro), gm = IC / VT, ro = VAF / IC
    const vt = 1.380649e-23 * 300.15 / 1.602176634e-19;
    const rl = 1 / (1 / 4.7e3 + 1 / 100e3 + ic / 74.03);
    const gain = (ic / vt) * rl;
    const out = vectorByName(ac, 'v(out)')!;
    const i10k = Array.from(re(ac, 'frequency')).findIndex((x) => x >= 10e3);
    const measured = magnitude(out, i10k) / 1e-3;
    expect(Math.abs(measured - gain) / gain).toBeLessThan(0.1);
    expect(Math.abs(phaseDeg(out, i10k))).toBeGreaterThan(170); // inverting
  });

  it('[issue-18] currents of every device, not only sources: i(r1) = -i(v1) = i(c1) in the RC; ic + ib + ie = 0 at the transistor', async () => {
    const { plot, text } = await sim(RC);
    expect(text).toMatch(/^\.options savecurrents$/m);
    const iv = re(plot, 'i(v1)'), ir = re(plot, 'i(r1)'), icap = re(plot, 'i(c1)');
    const peak = Math.max(...Array.from(ir, Math.abs));
    expect(peak).toBeGreaterThan(0.5e-3); // 1 V step into 1k
    for (let i = 0; i < ir.length; i += 97) {
      expect(Math.abs(ir[i] + iv[i])).toBeLessThan(1e-9 + 1e-6 * peak);
      expect(Math.abs(ir[i] - icap[i])).toBeLessThan(1e-9 + 1e-6 * peak);
    }
    // the current at one time constant: (1 - 0.632) V over 1k
    expect(valueAt(re(plot, 'time'), ir, 1e-3)).toBeCloseTo(Math.exp(-1) * 1e-3, 5);
    const r = netlist(COMMON_EMITTER, { analysis: { kind: 'op' } });
    const op = (await runNgspice(r.text, r)).plots.find((p) => /operating point/i.test(p.plotname))!;
    const ic = re(op, 'ic(q1)')[0], ib = re(op, 'ib(q1)')[0], ie = re(op, 'ie(q1)')[0];
    expect(ic).toBeCloseTo((12 - re(op, 'v(col)')[0]) / 4.7e3, 6);
    expect(Math.abs(ic + ib + ie)).toBeLessThan(1e-9);
    expect(ic / ib).toBeGreaterThan(100);
    // without the option only the sources' currents are saved
    const plain = netlistOfSheet(circuitEpro(RC), 'RC.epro', 'P1', {}).text.replace(/^\.options savecurrents\n/m, '');
    expect((await runNgspice(plain, r)).plots[0].vectors.map((v) => v.name)).not.toContain('i(r1)');
  });

  it('our results equal a plain `ngspice -b` run of the netlist we wrote, and `copperplate simulate` prints them as CSV', async () => {
    const r = netlist(RC);
    const cir = join(dir, 'rc.cir');
    writeFileSync(cir, r.text);
    const ref = spawnSync('/usr/bin/ngspice', ['-b', '-r', join(dir, 'ref.raw'), cir], { cwd: dir, encoding: 'utf8' });
    expect(ref.status).toBe(0);
    const refPlot = parseRaw(new Uint8Array(readFileSync(join(dir, 'ref.raw'))))[0];
    // the CLI on the .epro and on the .cir: stdout captured
    const capture = async (args: string[]) => {
      const chunks: string[] = [];
      const write = process.stdout.write.bind(process.stdout);
      process.stdout.write = ((s: string) => { chunks.push(String(s)); return true; }) as typeof process.stdout.write;
      try { expect(await simulate.run(args)).toBe(0); } finally { process.stdout.write = write; }
      return chunks.join('');
    };
    const epro = join(dir, 'rc.epro');
    writeFileSync(epro, circuitEpro(RC));
    const fromEpro = await capture([epro, '--doc', 'P1']);
    const fromCir = await capture([cir]);
    const expected = plotToCsv(refPlot);
    expect(fromEpro).toBe(expected);
    expect(fromCir).toBe(expected);
    expect(expected.split('\n')[0].split(',').sort()).toEqual(['i(c1)', 'i(r1)', 'i(v1)', 'time', 'v(in)', 'v(out)']);
    expect(refPlot.points).toBeGreaterThan(4000);
  });

  it('bad input: missing model, floating node and non-convergence name the part or net; a run over the time limit is stopped', async () => {
    const noModel = netlistOfSheet(circuitEpro({ ...BRIDGE, parts: BRIDGE.parts.map((p) => (p.designator === 'D3' ? { ...p, attrs: { 'SPICE Model': 'BYV99' } } : p)) }), 'b.epro', 'P1');
    expect(noModel.errors[0].message).toMatch(/part D3 has no simulation model \(no model or subcircuit named BYV99\)/);
    const floating = netlistOfSheet(circuitEpro({ ...RC, parts: [...RC.parts, { sym: 'two', designator: 'C9', value: '1n', nets: { 1: 'OUT', 2: 'LONELY' } }] }), 'f.epro', 'P1');
    expect(floating.errors[0].message).toBe('SPICE: net LONELY has no DC path to ground (floating node)');
    // ngspice's own verdicts on netlists we did not check
    await expect(runNgspice('t\nV1 a 0 1\nR1 a 0 1k\nQ1 a a 0 NOSUCH\n.op\n.end\n', { partOf: { q1: 'Q1' } })).rejects.toThrow(/part Q1 has no simulation model/);
    await expect(runNgspice('t\nV1 a 0 PULSE(0 1 0 1n 1n 1 2)\nR1 a b 1k\nC1 b 0 1u\n.tran 1n 10 0 1n\n.end\n', { timeoutMs: 1500 })).rejects.toThrow(/longer than the limit of 1.5 s/);
    // a current law with no solution: 1 Meg to ground against a current that is +1 A above 0.5 V and -1 A below
    await expect(runNgspice('t\nR1 a 0 1Meg\nB1 a 0 I=(v(a)>0.5)?1:-1\n.op\n.end\n', { netOf: { a: 'SENSE' } })).rejects.toThrow(/did not converge: timestep too small near net SENSE/);
  });
});

describe('SPICE netlist across sheets', () => {
  it('parts on two sheets of one schematic joined by net labels make one circuit', async () => {
    const { schematicCircuit } = await import('@copperplate/editor');
    const { writeNetlist } = await import('@copperplate/spice');
    const { drawSheet, schContext } = await import('./spice-circuits.ts');
    const ctx = schContext();
    const [v1, r1, c1] = RC.parts;
    const sheets = [{ name: 'P1', doc: drawSheet({ name: 'RC', parts: [v1, r1] }, ctx) }, { name: 'P2', doc: drawSheet({ name: 'RC', parts: [c1], directives: RC.directives }, ctx) }];
    const { circuit } = schematicCircuit(sheets, ctx);
    expect(circuit.parts.map((p) => `${p.sheet}:${p.designator}`)).toEqual(['P2:C1', 'P1:R1', 'P1:V1']);
    const r = writeNetlist(circuit);
    expect(r.errors).toEqual([]);
    expect(r.text.split('\n')).toEqual(expect.arrayContaining(['R1 in out 1k', 'C1 out 0 1u', '.tran 1u 5m 0 1u']));
  });
});
