/** The netlist writer, the attribute convention, SPICE values, the raw-file reader and ngspice's messages (pure, no ngspice). */
import { describe, expect, it } from 'vitest';
import {
  crossing, diagnose, parseRaw, resultBytesEstimate, parseSpiceNumber, plotToCsv, spiceValue, unsafeConstruct, writeNetlist, type Circuit, type CircuitPart,
} from '../src/index.ts';

const part = (designator: string, attrs: Record<string, string>, pins: Array<[string, string, string]>): CircuitPart =>
  ({ designator, attrs, pins: pins.map(([number, name, net]) => ({ number, name, net })) });

describe('SPICE netlist', () => {
  it('values: EasyEDA part values become SPICE numbers', () => {
    expect(spiceValue('10kΩ')).toBe('10k');
    expect(spiceValue('4.7uF')).toBe('4.7u');
    expect(spiceValue('1k5')).toBe('1.5k');
    expect(spiceValue('4R7')).toBe('4.7');
    expect(spiceValue('2.2M')).toBe('2.2meg');
    expect(spiceValue('100nF')).toBe('100n');
    expect(spiceValue('PULSE(0 1)')).toBeUndefined();
    expect(parseSpiceNumber('1meg')).toBe(1e6);
    expect(parseSpiceNumber('10u')).toBeCloseTo(1e-5, 20);
  });

  it('elements, pin order by names and by SPICE Pins, built-in models, ground, directives', () => {
    const c: Circuit = {
      title: 'mix',
      parts: [
        part('V1', { Value: '5V' }, [['1', '+', 'VCC'], ['2', '-', 'GND']]),
        part('R1', { Value: '10kΩ' }, [['1', '', 'VCC'], ['2', '', 'Net 1']]),
        part('D1', { 'SPICE Model': '1N4148' }, [['1', 'K', 'GND'], ['2', 'A', 'Net 1']]),
        part('Q1', { Value: '2N3904' }, [['1', 'B', 'Net 1'], ['2', 'E', 'GND'], ['3', 'C', 'VCC']]),
        part('U1', { 'SPICE Model': 'LM358', 'SPICE Pins': '3 2 8 4 1' }, [['1', 'A', 'OUT'], ['2', 'B', 'OUT'], ['3', 'C', 'Net 1'], ['4', 'D', 'GND'], ['8', 'E', 'VCC']]),
        part('J1', { 'SPICE Exclude': 'yes' }, [['1', '', 'VCC']]),
        part('M1', { 'SPICE Model': '2N7000' }, [['1', 'G', 'Net 1'], ['2', 'S', 'GND'], ['3', 'D', 'OUT']]),
      ],
      directives: ['.tran 1u 1m', '.end'],
    };
    const r = writeNetlist(c);
    expect(r.errors.map((e) => e.message)).toEqual([]);
    const lines = r.text.split('\n');
    expect(lines).toContain('V1 vcc 0 DC 5');
    expect(lines).toContain('R1 vcc net_1 10k');
    expect(lines).toContain('D1 net_1 0 1N4148');
    expect(lines).toContain('Q1 vcc net_1 0 2N3904');
    expect(lines).toContain('XU1 net_1 out vcc 0 out LM358');
    expect(lines).toContain('M1 out net_1 0 0 2N7000');
    expect(lines.some((l) => l.startsWith('J1'))).toBe(false);
    expect(lines.filter((l) => /^\.model 1N4148 |^\.model 2N3904 |^\.subckt LM358 |^\.model 2N7000 /.test(l))).toHaveLength(4);
    expect(lines.filter((l) => l === '.end')).toHaveLength(1);
    expect(r.partOf.xu1).toBe('U1');
    expect(r.netOf.net_1).toBe('Net 1');
  });

  it('the analysis given replaces the sheet analyses; none at all is an error', () => {
    const c: Circuit = { title: 't', parts: [part('V1', { Value: '1' }, [['1', '+', 'A'], ['2', '-', 'GND']]), part('R1', { Value: '1k' }, [['1', '', 'A'], ['2', '', 'GND']])], directives: ['.tran 1u 1m', '.param x=1'] };
    const r = writeNetlist(c, { analysis: { kind: 'ac', sweep: 'dec', points: 10, fstart: 1, fstop: '1meg' } });
    expect(r.text).toContain('.ac dec 10 1 1meg');
    expect(r.text).not.toContain('.tran');
    expect(r.text).toContain('.param x=1');
    expect(writeNetlist({ ...c, directives: [] }).errors.map((e) => e.code)).toEqual(['SPICE_NO_ANALYSIS']);
  });

  it('errors name the part or net: missing model, pin order, value, floating node, no ground', () => {
    const g = part('V1', { Value: '1' }, [['1', '+', 'A'], ['2', '-', 'GND']]);
    const one = (p: CircuitPart) => writeNetlist({ title: 't', parts: [g, p], directives: ['.op'] }).errors;
    expect(one(part('D7', { 'SPICE Model': 'NOPE' }, [['1', 'K', 'A'], ['2', 'A', 'GND']]))[0].message).toMatch(/part D7 .*no model or subcircuit named NOPE/);
    expect(one(part('U3', {}, [['1', '', 'A'], ['2', '', 'GND']]))[0].message).toMatch(/part U3 has no simulation model/);
    expect(one(part('Q2', { 'SPICE Model': '2N3904' }, [['1', '', 'A'], ['2', '', 'GND'], ['3', '', 'A']]))[0].message).toMatch(/part Q2: .*SPICE Pins/);
    expect(one(part('R9', { Value: 'abc' }, [['1', '', 'A'], ['2', '', 'GND']]))[0].message).toMatch(/part R9 has the value "abc"/);
    // C2 and C3 in series leave net MID with no DC path
    const f = writeNetlist({ title: 't', parts: [g, part('C2', { Value: '1u' }, [['1', '', 'A'], ['2', '', 'MID']]), part('C3', { Value: '1u' }, [['1', '', 'MID'], ['2', '', 'GND']])], directives: ['.op'] }).errors;
    expect(f.map((e) => e.message)).toEqual(['SPICE: net MID has no DC path to ground (floating node)']);
    expect(writeNetlist({ title: 't', parts: [part('R1', { Value: '1' }, [['1', '', 'A'], ['2', '', 'B']])], directives: ['.op'] }).errors[0].code).toBe('SPICE_NO_GROUND');
  });

  it('user model files: written in, their names win over built-ins, subcircuit node counts checked', () => {
    const lib = '.subckt MYAMP in out\nR1 in out 1k\n.ends\n.model 2N3904 NPN(BF=50)\n.end\n';
    const c: Circuit = {
      title: 't', directives: ['.op'], models: [{ name: 'my.lib', text: lib }],
      parts: [part('V1', { Value: '1' }, [['1', '+', 'A'], ['2', '-', 'GND']]), part('X1', { 'SPICE Model': 'MYAMP' }, [['1', '', 'A'], ['2', '', 'GND']]), part('Q1', { 'SPICE Model': '2N3904' }, [['1', 'B', 'A'], ['2', 'E', 'GND'], ['3', 'C', 'A']])],
    };
    const r = writeNetlist(c);
    expect(r.errors).toEqual([]);
    expect(r.text).toContain('.model 2N3904 NPN(BF=50)');
    expect(r.text.match(/\.model 2N3904/g)).toHaveLength(1);
    expect(r.text.match(/^\.end$/gm)).toHaveLength(1);
    const bad = writeNetlist({ ...c, parts: [c.parts[0], part('X1', { 'SPICE Model': 'MYAMP' }, [['1', '', 'A'], ['2', '', 'GND'], ['3', '', 'A']])] });
    expect(bad.errors[0].message).toMatch(/subcircuit MYAMP has 2 nodes but the part has 3 pins/);
  });

  it('raw files: ASCII and binary read to the same vectors; CSV and crossings', () => {
    const head = (mode: string) => `Title: t\nDate: x\nPlotname: Transient Analysis\nFlags: real\nNo. Variables: 2\nNo. Points: 3\nVariables:\n\t0\ttime\ttime\n\t1\tv(out)\tvoltage\n${mode}:\n`;
    const ascii = new TextEncoder().encode(head('Values') + ' 0\t0\n\t0\n 1\t1e-3\n\t0.5\n 2\t2e-3\n\t1\n');
    const bin = new Float64Array([0, 0, 1e-3, 0.5, 2e-3, 1]);
    const h = new TextEncoder().encode(head('Binary'));
    const both = new Uint8Array(h.length + bin.byteLength);
    both.set(h); both.set(new Uint8Array(bin.buffer), h.length);
    const [a] = parseRaw(ascii), [b] = parseRaw(both);
    expect(Array.from(a.vectors[1].re)).toEqual([0, 0.5, 1]);
    expect(Array.from(b.vectors[1].re)).toEqual([0, 0.5, 1]);
    expect(plotToCsv(b)).toBe('time,v(out)\n0,0\n0.001,0.5\n0.002,1\n');
    expect(crossing(b.vectors[0].re, b.vectors[1].re, 0.75)).toBeCloseTo(1.5e-3, 12);
  });

  it("ngspice's messages become errors naming the part or net; unsafe netlists are refused", () => {
    const maps = { partOf: { q1: 'Q1' }, netOf: { net_1: 'Net 1' } };
    expect(diagnose('Error on line 3 : q1 c b 0 nomodel\n    could not find a valid modelname\n', maps)?.message).toMatch(/part Q1 has no simulation model/);
    expect(diagnose('Warning: singular matrix:  check node net_1\n', maps)?.message).toMatch(/net Net 1 has no DC path/);
    expect(diagnose('doAnalyses: TRAN:  Timestep too small; time = 1.5e-05, timestep = 1.25e-20: trouble with node "net_1"\n', maps)?.message).toMatch(/did not converge: timestep too small at time 1.5e-05 s near net Net 1/);
    expect(diagnose('Circuit: ok\nNo. of Data Rows : 10\n')).toBeUndefined();
    expect(unsafeConstruct('t\n.control\nshell ls\n.endc\n')).toBe('.control');
    expect(unsafeConstruct('t\n.include /etc/passwd\n')).toBe('.include');
    expect(unsafeConstruct('t\nR1 a 0 1k\n.op\n.end')).toBeUndefined();
  });
});

describe('[issue-18] result size before a run (the browser engine\'s memory limit)', () => {
  it('points of the analyses times the saved vectors, 8 bytes a value (16 for AC)', () => {
    const rc = 'R1 in out 1k\nC1 out 0 1u\nV1 in 0 PULSE(0 1 0 1n 1n 1 2)\n';
    // 3 vectors (time, v(in), v(out)) + i(v1): 10,000 points
    expect(resultBytesEstimate(`${rc}.tran 1u 10m\n.end\n`)).toBe(10_000 * 4 * 8);
    // with savecurrents the devices' currents too
    expect(resultBytesEstimate(`${rc}.options savecurrents\n.tran 1u 10m\n.end\n`)).toBeGreaterThan(10_000 * 4 * 8);
    // AC: 10 points a decade over 5 decades, complex
    expect(resultBytesEstimate(`${rc}.ac dec 10 1 100k\n.end\n`)).toBe(51 * 4 * 16);
    // a 1 ns step over 10 s: far beyond any browser's memory
    expect(resultBytesEstimate(`${rc}.tran 1n 10\n.end\n`)).toBeGreaterThan(256 * 1024 * 1024);
  });
});
