/**
 * `copperplate simulate --doc` on whole projects (issue 18): a sheet symbol whose child sheets are in
 * another schematic, and SPICE model files stored as project blobs (`.include NAME` on the sheet).
 * The circuit comes from @copperplate/schematic `projectCircuit`, the code the server runs.
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { crossing, vectorByName } from '@copperplate/spice';
import { modelBlob } from '@copperplate/schematic';
import { runNgspice } from '@copperplate/server/spice/ngspice';
import { netlistOfSheet } from '../src/commands/simulate.ts';
import { drawSheet, projectEpro, schContext, splitRc } from './spice-circuits.ts';

const HAVE = existsSync('/usr/bin/ngspice');

describe('simulate --doc across schematics and with model blobs', () => {
  it('[issue-18] a sheet symbol takes its child sheets from another schematic (the capacitor of the RC is there)', async () => {
    const r = netlistOfSheet(splitRc(), 'split.epro', 'Top/P1');
    expect(r.errors.map((e) => e.message)).toEqual([]);
    expect(r.text).toMatch(/^C1 \S+ 0 1u$/m);
    const node = r.text.match(/^C1 (\S+) 0/m)![1];
    expect(r.text).toMatch(new RegExp(`^R1 in ${node} 1k$`, 'm'));
    expect(r.warnings).toEqual([]);
    // a second sheet symbol of the same child: one instance is simulated, and the message says so
    const twice = netlistOfSheet(splitRc('Filter', { twice: true }), 'split.epro', 'Top/P1');
    expect(twice.text.match(/^C1 /gm)).toHaveLength(1);
    expect(twice.warnings).toEqual(['SPICE: sheet symbol Filter2 on P1 stands for Filter/P1, which Filter on P1 already stands for: only one instance of a child sheet is simulated']);
    // a link to no sheet: C1 is not taken and R1's far end floats
    const broken = netlistOfSheet(splitRc('Nowhere'), 'split.epro', 'Top/P1');
    expect(broken.text).not.toMatch(/^C1 /m);
    if (!HAVE) return;
    const run = await runNgspice(r.text, r);
    const p = run.plots[0];
    const tau = crossing(vectorByName(p, 'time')!.re, vectorByName(p, `v(${node})`)!.re, 1 - Math.exp(-1))!;
    expect(Math.abs(tau - 1e-3) / 1e-3).toBeLessThan(0.005);
  });

  it('[issue-18] a model file stored as a project blob is what `.include NAME` takes; without it the include is named', async () => {
    const parts = [
      { sym: 'source' as const, designator: 'V1', value: '5', nets: { 1: 'IN', 2: 'GND' } },
      { sym: 'two' as const, designator: 'R1', value: '1k', nets: { 1: 'IN', 2: 'A' } },
      { sym: 'diode' as const, designator: 'D1', attrs: { 'SPICE Model': 'MYDIODE' }, nets: { 2: 'A', 1: 'GND' } },
    ];
    const spec = { name: 'Dio', parts, directives: ['.include mydiode.lib', '.op'] };
    const lib = await modelBlob({ name: 'mydiode.lib', text: '* µ-diode\n.model MYDIODE D(IS=1e-9 N=2)\n.end\n' });
    const ctx = schContext();
    const bytes = projectEpro([{ uuid: 's', name: 'Dio', sheets: [{ id: 1, name: 'P1', doc: drawSheet(spec, ctx) }] }], { files: { [`BLOB/${lib.hash}.eblob`]: lib.dataStr } });
    const r = netlistOfSheet(bytes, 'dio.epro', 'P1');
    expect(r.errors.map((e) => e.message)).toEqual([]);
    expect(r.text).toContain('.model MYDIODE D(IS=1e-9 N=2)');
    expect(r.text).toContain('* µ-diode');
    const none = netlistOfSheet(projectEpro([{ uuid: 's', name: 'Dio', sheets: [{ id: 1, name: 'P1', doc: drawSheet(spec, ctx) }] }]), 'dio.epro', 'P1');
    expect(none.errors[0].message).toMatch(/\.include mydiode\.lib.*no model file of that name in the project/);
    if (!HAVE) return;
    const run = await runNgspice(r.text, r);
    const va = vectorByName(run.plots[0], `v(${r.nodeOf.A})`)!.re[0];
    // I = (5 - Va)/1k = IS (exp(Va / (N Vt)) - 1): Va about 0.7 V for N = 2, IS = 1 nA
    const i = (5 - va) / 1e3;
    expect(Math.abs(1e-9 * (Math.exp(va / (2 * 0.025865)) - 1) - i) / i).toBeLessThan(0.02);
  });
});
