import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { sortPins, chooseLayout, classifyPin, groupSignalPins, type PinRecord, type SortedPin } from '../src/index.ts';

const pins = (names: string[]): PinRecord[] => names.map((name, i) => ({ name, number: String(i + 1) }));
const brief = (out: SortedPin[]) => out.map((p) => `${p.side}${p.order}:${p.name}`);
const SIGNALS = ['PA0', 'PA1', 'PA2', 'PB0', 'P5', '', '', 'X1', 'SDA', 'SCL'];

describe('pin sorter', () => {
  it('[PIN-1] layouts qfn and sop; otherwise sop under 48 pins, else qfn', () => {
    expect(chooseLayout(10, 'qfn')).toBe('qfn');
    expect(chooseLayout(100, 'sop')).toBe('sop');
    expect(chooseLayout(10, 'QFN')).toBe('qfn');
    expect(chooseLayout(47)).toBe('sop');
    expect(chooseLayout(48)).toBe('qfn');
    expect(chooseLayout(47, 'dip')).toBe('sop');
    expect(chooseLayout(48, 'bga')).toBe('qfn');
    const small = sortPins(pins(['VCC', 'A1', 'A2']));
    expect(small.find((p) => p.name === 'VCC')!.side).toBe('L'); // sop: power top of left
    const big = sortPins(pins(['VCC', ...Array.from({ length: 47 }, (_, i) => `A${i}`)]));
    expect(big.find((p) => p.name === 'VCC')!.side).toBe('T'); // qfn: power on top
    expect(sortPins(pins(['VCC', 'A1', 'A2']), 'qfn').find((p) => p.name === 'VCC')!.side).toBe('T');
  });
  it('[PIN-2] pin classes by name', () => {
    const cases: [string, string][] = [
      ['VCC', 'power'], ['avdd', 'power'], ['VEE', 'power'], ['VDD_IO', 'power'],
      ['GND', 'ground'], ['VSSA', 'ground'], ['pgnd', 'ground'],
      ['VIN', 'vin'], ['vin+', 'vin'], ['VIN12', 'vin'],
      ['VIN-', 'exposed'], ['EP', 'exposed'], ['EPAD', 'exposed'], ['ep3', 'exposed'],
      ['VINX', 'signal'], ['EPX', 'signal'], ['PA0', 'signal'], ['', 'signal'],
    ];
    for (const [n, c] of cases) expect([n, classifyPin(n)]).toEqual([n, c]);
  });
  it('[PIN-3] grouping: two letters, single two-letter pin to first-letter group, unnamed and singles in the remainder', () => {
    const g = groupSignalPins(pins(SIGNALS));
    expect(g.map((x) => [x.key, x.pins.map((p) => p.name)])).toEqual([
      ['P', ['P5', 'PB0']],
      ['PA', ['PA0', 'PA1', 'PA2']],
      ['S', ['SCL', 'SDA']],
      ['', ['', '', 'X1']],
    ]);
    // natural order inside a group
    expect(groupSignalPins(pins(['PA10', 'PA2', 'PA1']))[0].pins.map((p) => p.name)).toEqual(['PA1', 'PA2', 'PA10']);
    // first character when there is no two-letter prefix
    expect(groupSignalPins(pins(['1A', '1B', 'D+', 'D-'])).map((x) => x.key)).toEqual(['1', 'D']);
  });
  it('[PIN-4] sop: groups 2 positions apart; power top-left, ground bottom-left, second half on the right', () => {
    expect(brief(sortPins(pins(['GND', ...SIGNALS, 'VCC'])))).toEqual([
      'L0:VCC', 'L2:P5', 'L3:PB0', 'L5:PA0', 'L6:PA1', 'L7:PA2', 'L9:GND',
      'R0:SCL', 'R1:SDA', 'R3:', 'R4:', 'R5:X1',
    ]);
  });
  it('[PIN-4] qfn: signals left and right, power/vin top, ground/exposed bottom', () => {
    expect(brief(sortPins(pins(['GND', 'EP', ...SIGNALS, 'VIN', 'VCC']), 'qfn'))).toEqual([
      'L0:P5', 'L1:PB0', 'L3:PA0', 'L4:PA1', 'L5:PA2',
      'R0:SCL', 'R1:SDA', 'R3:', 'R4:', 'R5:X1',
      'T0:VCC', 'T2:VIN',
      'B0:GND', 'B2:EP',
    ]);
  });
  it('[PIN-4] each part is laid out on its own', () => {
    const out = sortPins([
      { name: 'A1', number: '1', part: 1 }, { name: 'A2', number: '2', part: 1 },
      { name: 'B1', number: '3', part: 2 }, { name: 'B2', number: '4', part: 2 },
    ]);
    expect(out.map((p) => `${p.part}${p.side}${p.order}`)).toEqual(['1L0', '1L1', '2L0', '2L1']);
  });
  it('[PIN-1] [PIN-4] property: a permutation of the input, distinct positions per side, steps of 1 or 2', () => {
    const name = fc.oneof(fc.constantFrom('VCC', 'GND', 'VIN', 'EP', 'VIN-', '', 'PA', 'PB', 'SDA'), fc.stringMatching(/^[A-Z]{1,3}[0-9]{0,2}$/));
    fc.assert(
      fc.property(fc.array(name, { maxLength: 80 }), fc.constantFrom(undefined, 'qfn', 'sop', 'x'), (names, layout) => {
        const input = pins(names);
        const out = sortPins(input, layout);
        expect(out.map((p) => p.number).sort()).toEqual(input.map((p) => p.number).sort());
        const eff = chooseLayout(names.length, layout);
        for (const side of ['L', 'R', 'T', 'B'] as const) {
          const orders = out.filter((p) => p.side === side).map((p) => p.order);
          if (eff === 'sop' && (side === 'T' || side === 'B')) expect(orders).toEqual([]);
          if (orders.length) expect(orders[0]).toBe(0);
          for (let i = 1; i < orders.length; i++) expect([1, 2]).toContain(orders[i] - orders[i - 1]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
