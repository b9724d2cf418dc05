/**
 * The SPICE calls (issue 18) on a real server on loopback: the netlist of a circuit, a simulation
 * through ngspice in a child process (results equal a plain `ngspice -b` of the same netlist), and
 * catalogue errors naming the part or net; netlists with `.control` or `.include` are refused.
 * Needs Debian's ngspice (scripts/ensure.mjs --ngspice); without it the simulation tests skip.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODES } from '@copperplate/model';
import { crossing, parseRaw, type Circuit } from '@copperplate/spice';
import { testServer } from './helpers.ts';
import { modelBlob } from '@copperplate/schematic';
import { drawSheet, projectEpro, splitRc } from '../../cli/test/spice-circuits.ts';
import { netlistOfSheet } from '../../cli/src/commands/simulate.ts';
import { Client } from './client.ts';

const root = join(import.meta.dirname, '../../..');
spawnSync(process.execPath, [join(root, 'scripts/ensure.mjs'), '--ngspice'], { stdio: 'inherit', cwd: root });
const HAVE = existsSync('/usr/bin/ngspice');
if (!HAVE) console.warn('[spice] ngspice is not installed and could not be installed: server simulation tests skipped');

const pin = (number: string, net: string, name = '') => ({ number, name, net });
const RC: Circuit = {
  title: 'RC',
  parts: [
    { designator: 'V1', attrs: { Value: 'PULSE(0 1 0 1n 1n 1 2)' }, pins: [pin('1', 'IN', '+'), pin('2', 'GND', '-')] },
    { designator: 'R1', attrs: { Value: '1k' }, pins: [pin('1', 'IN'), pin('2', 'OUT')] },
    { designator: 'C1', attrs: { Value: '1uF' }, pins: [pin('1', 'OUT'), pin('2', 'GND')] },
  ],
  directives: ['.tran 1u 5m 0 1u'],
};

interface PlotJson { plotname: string; points: number; vectors: Array<{ name: string; re: number[]; im?: number[] }> }

describe('SPICE calls', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let a: Client;
  const dir = mkdtempSync(join(tmpdir(), 'cp-spice-srv-'));
  beforeAll(async () => {
    s = await testServer('pglite');
    a = await new Client(s.url).signup('spicer');
  });
  afterAll(async () => {
    await s?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the netlist of a circuit; an analysis replaces the sheet one; errors name the part', async () => {
    const r = await a.call<{ netlist: string; netOf: Record<string, string> }>('POST', '/api/spice/netlist', { circuit: RC, analysis: { kind: 'ac', sweep: 'dec', points: 10, fstart: 1, fstop: '1meg' } });
    expect(r.code, r.message).toBe(0);
    expect(r.result!.netlist.split('\n')).toEqual(expect.arrayContaining(['R1 in out 1k', 'C1 out 0 1u', 'V1 in 0 PULSE(0 1 0 1n 1n 1 2)', '.ac dec 10 1 1meg', '.end']));
    expect(r.result!.netlist).not.toContain('.tran');
    expect(r.result!.netOf.out).toBe('OUT');
    const bad = await a.call('POST', '/api/spice/netlist', { circuit: { ...RC, parts: [...RC.parts, { designator: 'D1', attrs: { 'SPICE Model': 'XYZ1' }, pins: [pin('1', 'OUT', 'K'), pin('2', 'GND', 'A')] }] } });
    expect(bad.code).toBe(CODES.SPICE_ERROR);
    expect(bad.message).toMatch(/part D1 has no simulation model \(no model or subcircuit named XYZ1\)/);
    const anon = await new Client(s.url).call('POST', '/api/spice/netlist', { circuit: RC }, {}, { csrf: false });
    expect(anon.status).toBe(401);
  });

  it.skipIf(!HAVE)('a simulation through ngspice: the results equal `ngspice -b` on the same netlist; tau within 0.5 %', async () => {
    const r = await a.call<{ plots: PlotJson[]; netlist: string }>('POST', '/api/spice/simulate', { circuit: RC });
    expect(r.code, r.message).toBe(0);
    const plot = r.result!.plots[0];
    const v = (n: string) => plot.vectors.find((x) => x.name === n)!.re;
    const tau = crossing(v('time'), v('v(out)'), 1 - Math.exp(-1))!;
    expect(Math.abs(tau - 1e-3) / 1e-3).toBeLessThan(0.005);
    writeFileSync(join(dir, 'rc.cir'), r.result!.netlist);
    expect(spawnSync('/usr/bin/ngspice', ['-b', '-r', join(dir, 'rc.raw'), join(dir, 'rc.cir')], { cwd: dir }).status).toBe(0);
    const ref = parseRaw(new Uint8Array(readFileSync(join(dir, 'rc.raw'))))[0];
    expect(plot.points).toBe(ref.points);
    for (const vec of ref.vectors) expect(v(vec.name)).toEqual(Array.from(vec.re));
  });

  it.skipIf(!HAVE)('bad input: floating node and ngspice failures come back as SPICE_ERROR naming the net or part; .control and .include are refused', async () => {
    const floating = await a.call('POST', '/api/spice/simulate', { circuit: { ...RC, parts: [...RC.parts, { designator: 'C2', attrs: { Value: '1n' }, pins: [pin('1', 'OUT'), pin('2', 'ISLAND')] }] } });
    expect(floating.code).toBe(CODES.SPICE_ERROR);
    expect(floating.message).toBe('SPICE: net ISLAND has no DC path to ground (floating node)');
    const nomodel = await a.call('POST', '/api/spice/simulate', { netlist: 't\nV1 a 0 1\nR1 a 0 1k\nQ7 a a 0 NOSUCH\n.op\n.end\n' });
    expect(nomodel.code).toBe(CODES.SPICE_ERROR);
    expect(nomodel.message).toMatch(/part q7 has no simulation model/);
    const control = await a.call('POST', '/api/spice/simulate', { netlist: 't\nR1 a 0 1\n.control\nshell touch /tmp/x\n.endc\n.end\n' });
    expect(control.code).toBe(CODES.SPICE_ERROR);
    expect(control.message).toMatch(/uses \.control, which the server does not run/);
    const include = await a.call('POST', '/api/spice/simulate', { netlist: 't\n.include /etc/passwd\n.op\n.end\n' });
    expect(include.message).toMatch(/uses \.include/);
    const both = await a.call('POST', '/api/spice/simulate', {});
    expect(both.code).toBe(CODES.BAD_REQUEST);
  });

  it.skipIf(!HAVE)('[issue-18] a stored project by uuid: its sheet, the child sheets of its blocks in another schematic and its model blobs, in a worker thread; the same netlist as the CLI', async () => {
    const bytes = splitRc();
    const imp = await a.call<{ uuid: string }>('POST', '/api/projects/import?name=split.epro', bytes);
    expect(imp.code, imp.message).toBe(0);
    const uuid = imp.result!.uuid;
    const r = await a.call<{ title: string; sheets: string[]; netlist: string; nodeOf: Record<string, string>; plots: PlotJson[] }>('POST', `/api/projects/${uuid}/simulate`, { sheet: 'Top/P1' });
    expect(r.code, r.message).toBe(0);
    expect(r.result!.title).toBe('Top/P1');
    expect(r.result!.sheets).toEqual(['P1', 'Filter/P1']);
    expect(r.result!.netlist).toBe(netlistOfSheet(bytes, 'split.epro', 'Top/P1').text);
    const plot = r.result!.plots[0];
    const v = (n: string) => plot.vectors.find((x) => x.name === n)!.re;
    const tau = crossing(v('time'), v(`v(${r.result!.nodeOf.CAP})`), 1 - Math.exp(-1))!;
    expect(Math.abs(tau - 1e-3) / 1e-3).toBeLessThan(0.005);
    // an analysis from the call; the netlist only
    const ac = await a.call<{ netlist: string; plots?: unknown }>('POST', `/api/projects/${uuid}/simulate`, { sheet: 'Top/P1', analysis: { kind: 'ac', sweep: 'dec', points: 10, fstart: 1, fstop: '1meg' }, netlistOnly: true });
    expect(ac.result!.netlist).toContain('.ac dec 10 1 1meg');
    expect(ac.result!.plots).toBeUndefined();
    const none = await a.call('POST', `/api/projects/${uuid}/simulate`, { sheet: 'Nowhere' });
    expect(none.code).toBe(1000010);
    // a model file stored as a blob of the project is what `.include` takes
    const lib = await modelBlob({ name: 'mydiode.lib', text: '.model MYDIODE D(IS=1e-9 N=2)\n' });
    const spec = { name: 'Dio', parts: [
      { sym: 'source' as const, designator: 'V1', value: '5', nets: { 1: 'IN', 2: 'GND' } },
      { sym: 'two' as const, designator: 'R1', value: '1k', nets: { 1: 'IN', 2: 'A' } },
      { sym: 'diode' as const, designator: 'D1', attrs: { 'SPICE Model': 'MYDIODE' }, nets: { 2: 'A', 1: 'GND' } },
    ], directives: ['.include mydiode.lib', '.op'] };
    const dio = await a.call<{ uuid: string }>('POST', '/api/projects/import?name=dio.epro', projectEpro([{ uuid: 's', name: 'Dio', sheets: [{ id: 1, name: 'P1', doc: drawSheet(spec) }] }], { files: { [`BLOB/${lib.hash}.eblob`]: lib.dataStr } }));
    const d = await a.call<{ netlist: string; plots: PlotJson[] }>('POST', `/api/projects/${dio.result!.uuid}/simulate`, {});
    expect(d.code, d.message).toBe(0);
    expect(d.result!.netlist).toContain('.model MYDIODE D(IS=1e-9 N=2)');
    expect(d.result!.plots[0].vectors.find((x) => x.name === 'v(a)')!.re[0]).toBeGreaterThan(0.5);
  }, 180_000); // six worker-thread jobs (two imports, four runs) in a row
});
