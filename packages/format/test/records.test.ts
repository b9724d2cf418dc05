/**
 * The typed record modules (packages/format/src/records): build(parse(r)) gives r back exactly for
 * every record of every fixture document, and edits through named fields touch only those fields.
 */
import { describe, it, expect } from 'vitest';
import { readEpro, parseDocuments } from '@copperplate/format';
import {
  familyOf, kindOf, SCH_KINDS, PCB_KINDS, SOURCE, Line, Pad, PcbAttr, SchAttr, SchPoly, Pin, PcbString, Via,
  PARENT_FIELD_BY_FAMILY, ID_TYPES_BY_FAMILY,
} from '@copperplate/format/records';
import { fixtureNames, fixtureBytes } from './fixtures.ts';
import { documentTexts } from './multiset.ts';

const SCH_REQUIRED = ['COMPONENT', 'ATTR', 'WIRE', 'TEXT', 'RECT', 'POLY', 'CIRCLE', 'ELLIPSE', 'ARC', 'BEZIER', 'OBJ', 'BUS',
  'BUSENTRY', 'PIN', 'PART', 'FONTSTYLE', 'LINESTYLE', 'TABLE', 'TABEL_CELL', 'DOCTYPE', 'HEAD'];
const PCB_REQUIRED = ['CANVAS', 'LAYER', 'LAYER_PHYS', 'NET', 'RULE', 'RULE_SELECTOR', 'RULE_TEMPLATE', 'LINE', 'ARC', 'VIA', 'PAD',
  'POLY', 'FILL', 'POUR', 'POURED', 'REGION', 'TEARDROP', 'STRING', 'FONT', 'DIMENSION', 'IMAGE', 'OBJ', 'COMPONENT', 'ATTR',
  'PAD_NET', 'PANELIZE', 'PANELIZE_STAMP', 'PANELIZE_SIDE'];

describe('record modules', () => {
  it('[issue-10] one module per record kind of FORMAT.md, per document family', () => {
    for (const t of SCH_REQUIRED) expect(SCH_KINDS.has(t), t).toBe(true);
    for (const t of PCB_REQUIRED) expect(PCB_KINDS.has(t), t).toBe(true);
    // same name, different layout
    for (const t of ['ARC', 'POLY', 'COMPONENT', 'ATTR', 'OBJ']) expect(SCH_KINDS.get(t)).not.toBe(PCB_KINDS.get(t));
    expect(PARENT_FIELD_BY_FAMILY.sch.ATTR).toBe(2);
    expect(PARENT_FIELD_BY_FAMILY.pcb.ATTR).toBe(3);
    expect(ID_TYPES_BY_FAMILY.pcb.has('PAD')).toBe(true);
    expect(ID_TYPES_BY_FAMILY.pcb.has('PAD_NET')).toBe(false);
  });

  for (const f of fixtureNames()) {
    it(`[issue-10] build(parse(r)) reproduces every record of ${f}`, () => {
      const a = readEpro(fixtureBytes(f), { name: f });
      let checked = 0;
      const seen = new Set<string>();
      for (const [name, text] of documentTexts(a.entries)) {
        for (const b of parseDocuments(text)) {
          const fam = familyOf(b.docType);
          if (!fam) continue;
          for (const r of b.records) {
            const k = kindOf(r, fam);
            if (!k) continue;
            const p = k.parse(r);
            const back = k.build(p);
            if (JSON.stringify(back) !== JSON.stringify(r)) expect(back, `${name} ${JSON.stringify(r).slice(0, 200)}`).toEqual(r);
            // a copy of the parsed object (spread) builds the same array
            expect(JSON.stringify(k.build({ ...p }))).toBe(JSON.stringify(r));
            // every named field reads the same through get()
            for (const key of Object.keys(k.fields)) expect(Object.is(k.get(r, key), (p as Record<string, unknown>)[key])).toBe(true);
            checked++;
            seen.add(`${fam}:${k.type}`);
          }
        }
      }
      expect(checked).toBeGreaterThan(100);
      expect(seen.size).toBeGreaterThan(10);
    });
  }

  it('[issue-10] parse normalises values and keeps their raw JSON on the way back', () => {
    const r = ['LINE', 'e945', 0, '$1N920', 1, '112.5', 12.79, 172.79, 12.79, 10, 1, 'extra', { x: 1 }];
    const p = Line.parse(r);
    expect(p).toMatchObject({ type: 'LINE', id: 'e945', group: 0, net: '$1N920', layer: 1, x1: 112.5, y1: 12.79, width: 10, locked: true });
    expect(p[SOURCE]).toBe(r);
    expect(Line.build(p)).toEqual(r); // "112.5" stays a string, 1 stays 1, trailing fields kept
    const moved = Line.build({ ...p, x1: 100, locked: false });
    expect(moved).toEqual(['LINE', 'e945', 0, '$1N920', 1, 100, 12.79, 172.79, 12.79, 10, 0, 'extra', { x: 1 }]);
    expect(Line.with(r, { width: 8 })).toEqual(['LINE', 'e945', 0, '$1N920', 1, '112.5', 12.79, 172.79, 12.79, 8, 1, 'extra', { x: 1 }]);
  });

  it('[issue-10] booleans keep their JSON style; absent trailing fields stay absent unless set', () => {
    const poly = ['POLY', 'e1', [0, 0, 10, 10], false, 'st1', 0];
    expect(SchPoly.with(poly, { closed: true })).toEqual(['POLY', 'e1', [0, 0, 10, 10], true, 'st1', 0]);
    expect(SchPoly.with(poly, { locked: true })).toEqual(['POLY', 'e1', [0, 0, 10, 10], false, 'st1', 1]);
    const pad = ['PAD', 'e41', 0, '', 1, '1', -89.57, -112.825, 0, null, ['OVAL', 13.5, 68.2], [], 0, 0, 0, 1, 0, null, null, null, null, 0];
    const p = Pad.parse(pad);
    expect(p.spokeWidth).toBe(null);
    expect(p.plated).toBe(true);
    expect(Pad.build(p)).toEqual(pad); // 22 long, not padded to 27
    expect(Pad.build({ ...p, spokeWidth: 10 })).toEqual([...pad, null, null, 10]);
  });

  it('[issue-10] nullable fields, numbers as strings, and create()', () => {
    const a = ['ATTR', 'e2e19', 0, 'e2', 3, null, null, 'Footprint', 'uuid', 0, 0, 'default', 45, 6, 0, 0, 3, 270, 0, 0, 0, 0];
    const p = PcbAttr.parse(a);
    expect([p.parentId, p.x, p.y, p.key, p.height, p.angle]).toEqual(['e2', null, null, 'Footprint', 45, 270]);
    expect(PcbAttr.build(p)).toEqual(a);
    const s = ['ATTR', 'e9', 'e1', 'Value', 10, 0, 1, null, null, 0, 'st1', 0];
    expect(SchAttr.parse(s).value).toBe('10');
    expect(SchAttr.build(SchAttr.parse(s))).toEqual(s);
    expect(SchAttr.with(s, { value: '12' })[4]).toBe('12');
    const pin = Pin.create({ id: 'e3', x: 80, y: 40, length: 10, rotation: 180 });
    expect(pin).toEqual(['PIN', 'e3', 1, null, 80, 40, 10, 180, null, 0, 0]);
    const t = PcbString.create({ id: 'e1', text: 'HI', x: 1, y: 2 });
    expect(PcbString.parse(t)).toMatchObject({ text: 'HI', font: 'default', height: 40, strokeWidth: 6, origin: 3, layer: 3 });
    expect(Via.create({ id: 'v', net: 'GND', x: 1, y: 2, drill: 12, diameter: 24 })).toEqual(['VIA', 'v', 0, 'GND', '', 1, 2, 12, 24, 0, null, null, 0, null]);
  });
});
