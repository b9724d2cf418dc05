/**
 * Archives as EasyEDA really writes them (FORMAT.md "Archives as real exports vary"): families of
 * variants synthesized from the fixtures. Each imports with what it holds, reports (as warnings)
 * what real exports leave out, loses no document, and comes back with project.json exactly as read.
 */
import { describe, it, expect } from 'vitest';
import { NAMED_ERRORS, formatMessage } from '@copperplate/model';
import {
  readEpro,
  writeEpro,
  eproToProjectData,
  projectDataToEpro,
  base64Name,
  failureCount,
  formatWarningReport,
  rebaseJson,
  sameJson,
  type ImportResult,
  type ProjectData,
} from '@copperplate/format';
import { fixtureFiles, zip, bytes, text, editJson, find, type Files } from './build.ts';
import { fixtureNames } from './fixtures.ts';
import { documentTexts, recordMultiset } from './multiset.ts';

type Obj = Record<string, any>;
const importFiles = (f: Files): ImportResult => eproToProjectData(readEpro(zip(f)));
const pjOf = (f: Files): Obj => JSON.parse(text(f['project.json']));

/** Export of an import, read again: project.json text and documents. */
function roundTrip(d: ProjectData) {
  return readEpro(writeEpro(projectDataToEpro(d)));
}

/** The archive comes back with project.json exactly (same text of the parsed value: types, key order) and every document's records. */
function expectSameArchive(f: Files, d: ProjectData): void {
  const a = readEpro(zip(f));
  const b = roundTrip(d);
  expect(JSON.stringify(b.projectJson)).toBe(JSON.stringify(a.projectJson));
  const da = documentTexts(a.entries);
  const db = documentTexts(b.entries);
  expect([...db.keys()].sort()).toEqual([...da.keys()].sort());
  for (const [k, t] of da) expect(recordMultiset(db.get(k)!), k).toEqual(recordMultiset(t));
}

/** What a store that reorders object keys (PostgreSQL jsonb) does to a ProjectData. */
function throughSortedStore(d: ProjectData): ProjectData {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v && typeof v === 'object' && !(v instanceof Uint8Array)) {
      const o: Obj = {};
      for (const k of Object.keys(v).sort().reverse()) o[k] = sortKeys((v as Obj)[k]);
      return o;
    }
    return v;
  };
  return sortKeys(d) as ProjectData;
}

describe('project.json variants', () => {
  it('[issue-10] missing config.editorVersion, a V3 editor writing V2 ("2.2.C"), unknown keys everywhere: imports and comes back as read', () => {
    for (const version of [undefined, '2.2.C', '2.2.47.3', '3.2.148']) {
      const f = fixtureFiles();
      editJson(f, 'project.json', (o) => {
        if (version === undefined) delete o.config.editorVersion;
        else o.config.editorVersion = version;
        o.config.zzUnknown = { nested: [1, '2', null] };
        o.aaTop = 7;
        const sch = Object.values(o.schematics)[0] as Obj;
        sch.sheets[0].extraSheetKey = true;
      });
      const r = importFiles(f);
      expect(failureCount(r.failures), String(version)).toBe(0);
      expectSameArchive(f, r.data);
    }
  });

  it('[issue-10] numbers stay numbers: number versions, types, ids keep their JSON type; odd key orders stay', () => {
    const f = fixtureFiles();
    editJson(f, 'project.json', (o) => {
      for (const m of ['symbols', 'footprints', 'devices']) {
        for (const e of Object.values(o[m]) as Obj[]) e.version = 1746148463096;
      }
      const dev = Object.values(o.devices)[0] as Obj;
      const reordered: Obj = {};
      for (const k of Object.keys(dev).reverse()) reordered[k] = dev[k];
      o.devices[Object.keys(o.devices)[0]] = reordered;
      o.config = { editorVersion: '2.1.57', defaultSheet: o.config.defaultSheet, cbbProject: 0, title: o.config.title };
    });
    const r = importFiles(f);
    expect(r.ok).toBe(true);
    expectSameArchive(f, r.data);
    // and through a store that reorders keys (the server's jsonb)
    expectSameArchive(f, throughSortedStore(r.data));
  });

  it('[issue-10] empty boards (PCB-only export as EasyEDA writes it)', () => {
    const f = fixtureFiles();
    editJson(f, 'project.json', (o) => {
      o.boards = {};
      for (const id of Object.keys(o.schematics)) for (const k of Object.keys(f)) if (k.startsWith(`SHEET/${id}/`)) delete f[k];
      o.schematics = {};
    });
    const r = importFiles(f);
    expect(r.ok).toBe(true);
    expect(r.data.pcbs).toHaveLength(1);
    expect(r.data.sheets).toHaveLength(0);
    expect(r.data.boards).toEqual([]);
    expectSameArchive(f, r.data);
  });

  it('[issue-10] schematic-only: a board entry with pcb "" or without a pcb key, no PCB, no pour or font', () => {
    for (const variant of ['empty', 'absent'] as const) {
      const f = fixtureFiles();
      editJson(f, 'project.json', (o) => {
        o.pcbs = {};
        for (const b of Object.values(o.boards) as Obj[]) {
          if (variant === 'empty') b.pcb = '';
          else delete b.pcb;
        }
      });
      for (const k of Object.keys(f)) if (/^(PCB|POUR|FONT)\/./.test(k)) delete f[k];
      const r = importFiles(f);
      expect(failureCount(r.failures), variant).toBe(0);
      expect(failureCount(r.warnings), variant).toBe(0);
      expect(r.data.boards.map((b) => b.pcb)).toEqual(['']);
      expect(r.data.sheets.length).toBeGreaterThan(0);
      expectSameArchive(f, r.data);
    }
  });

  it('[issue-10] a board naming a schematic or PCB the archive does not hold keeps its entry as read', () => {
    const f = fixtureFiles();
    editJson(f, 'project.json', (o) => {
      o.boards.Ghost = { schematic: 'ffffffffffffffffffffffffffffffff', pcb: 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', extra: 1 };
    });
    const r = importFiles(f);
    expect(r.data.boards.find((b) => b.name === 'Ghost')).toEqual({ name: 'Ghost', sch: '', pcb: '' });
    expectSameArchive(f, r.data);
  });
});

describe('devices from the system library', () => {
  /** A fixture whose first device names a symbol and footprint the archive does not hold. */
  function systemDevice(): { f: Files; dev: string; sym: string; fp: string } {
    const f = fixtureFiles();
    const o = pjOf(f);
    const dev = Object.keys(o.devices).find((d) => o.devices[d].attributes.Footprint)!;
    const sym = o.devices[dev].attributes.Symbol as string;
    const fp = o.devices[dev].attributes.Footprint as string;
    // the device is the only user of its symbol and footprint in project.json: remove both parts
    const others = Object.entries(o.devices as Obj).filter(([d, v]) => d !== dev && (v.attributes.Symbol === sym || v.attributes.Footprint === fp));
    for (const [d] of others) delete o.devices[d];
    delete o.symbols[sym];
    delete o.footprints[fp];
    f['project.json'] = bytes(JSON.stringify(o, null, 2));
    delete f[`SYMBOL/${sym}.esym`];
    delete f[`FOOTPRINT/${fp}.efoo`];
    return { f, dev, sym, fp };
  }

  it('[issue-10] a device whose symbol and footprint live in EasyEDA\'s system library is kept and reported as a warning', () => {
    const { f, dev, sym, fp } = systemDevice();
    const r = importFiles(f);
    // sheets and the PCB that use that symbol/footprint are no failure either
    expect(r.failures).toEqual(importFiles(fixtureFiles()).failures);
    expect(r.ok).toBe(true);
    expect(r.data.devices.some((d) => d.uuid === dev)).toBe(true);
    const title = pjOf(f).devices[dev].title;
    expect(r.warnings.Device).toEqual([
      { name: title, message: formatMessage(NAMED_ERRORS.SYSTEM_LIBRARY_SYMBOL, { id: sym }) },
      { name: title, message: formatMessage(NAMED_ERRORS.SYSTEM_LIBRARY_FOOTPRINT, { id: fp }) },
    ]);
    expect(formatWarningReport(r.warnings)).toContain(sym);
    expectSameArchive(f, r.data);
  });

  it('a device whose Symbol attribute is empty (a PCB-only part, as editor 2.2.40 exports it) is kept and reported as a warning', () => {
    const f = fixtureFiles();
    const o = pjOf(f);
    const dev = Object.keys(o.devices).find((d) => o.devices[d].attributes.Footprint)!;
    const uuid = 'fedcba9876543210fedcba9876543210';
    o.devices[uuid] = { ...o.devices[dev], title: 'PcbOnly', attributes: { ...o.devices[dev].attributes, Symbol: '' } };
    f['project.json'] = bytes(JSON.stringify(o, null, 2));
    const r = importFiles(f);
    expect(r.failures).toEqual(importFiles(fixtureFiles()).failures);
    expect(r.ok).toBe(true);
    expect(r.data.devices.find((d) => d.uuid === uuid)?.attributes.Symbol).toBe('');
    expect(r.warnings.Device).toEqual([{ name: 'PcbOnly', message: NAMED_ERRORS.DEVICE_WITHOUT_SYMBOL }]);
    expectSameArchive(f, r.data);
    // a Symbol that is not a string at all is still a failure
    o.devices[uuid].attributes.Symbol = 7;
    f['project.json'] = bytes(JSON.stringify(o, null, 2));
    expect(importFiles(f).failures.Device).toEqual([{ name: 'PcbOnly', message: NAMED_ERRORS.DEVICE_SYMBOL_MISSING }]);
  });

  it('[VAL-6] a device whose symbol the archive holds but could not import still fails (it is not a system part)', () => {
    const { f } = systemDevice();
    const o = pjOf(f);
    const sym = Object.keys(o.symbols)[0];
    f[`SYMBOL/${sym}.esym`] = bytes(text(f[`SYMBOL/${sym}.esym`]).replace('["DOCTYPE","SYMBOL"', '["DOCTYPE","FOOTPRINT"'));
    const r = importFiles(f);
    expect(r.failures.Symbol.map((x) => x.message)).toEqual([NAMED_ERRORS.FILE_MISSING]);
    const users = Object.values(o.devices as Obj).filter((d) => d.attributes.Symbol === sym).length;
    expect(r.failures.Device.filter((x) => x.message === NAMED_ERRORS.DEVICE_SYMBOL_MISSING)).toHaveLength(users);
    // nothing is lost: the failed symbol's file and entry, and its devices' entries, are written back
    expectSameArchive(f, r.data);
  });
});

describe('pour and font files', () => {
  it('[issue-10] a pour or font file whose PCB is not in the archive is kept as it is and reported as a warning', () => {
    const f = fixtureFiles();
    const ghost = '0123456789abcdef0123456789abcdef_0';
    const pour = `POUR/${base64Name(ghost)}.ecop`;
    const font = `FONT/${base64Name(ghost)}.efon`;
    f[pour] = bytes('["DOCTYPE","POURED","1.1"]\n["POURED","p1","pour1",0,1,[]]');
    f[font] = bytes('["DOCTYPE","FONT","1.7"]');
    const r = importFiles(f);
    expect(r.ok).toBe(true);
    expect(r.warnings.Pour).toEqual([{ name: ghost, message: NAMED_ERRORS.OWNER_PCB_ABSENT_KEPT }]);
    expect(r.warnings.Font).toEqual([{ name: ghost, message: NAMED_ERRORS.OWNER_PCB_ABSENT_KEPT }]);
    expect(Object.keys(r.data.files)).toEqual(expect.arrayContaining([pour, font]));
    expectSameArchive(f, r.data);
  });

  it('[IMP-6] a pour of a PCB the archive holds but could not import fails, and its file is still kept', () => {
    const f = fixtureFiles();
    const pcb = find(f, /^PCB\/.+\.epcb$/);
    f[pcb] = bytes(text(f[pcb]).replace('["DOCTYPE","PCB"', '["DOCTYPE","SCH"'));
    const r = importFiles(f);
    expect(r.failures.Pcb.map((x) => x.message)).toEqual([NAMED_ERRORS.FILE_MISSING]);
    expect(r.failures.Pour.map((x) => x.message)).toEqual([NAMED_ERRORS.OWNING_PCB_MISSING]);
    expectSameArchive(f, r.data);
  });
});

describe('no document is lost', () => {
  it('[issue-10] documents that fail are kept (file and project.json entry) and written back', () => {
    const f = fixtureFiles();
    const sym = find(f, /^SYMBOL\//);
    const fp = find(f, /^FOOTPRINT\//);
    const sheet = find(f, /^SHEET\/.+\.esch$/);
    f[sym] = bytes('not json at all');
    f[fp] = bytes(text(f[fp]).replace('["DOCTYPE","FOOTPRINT"', '["DOCTYPE","SYMBOL"'));
    f[sheet] = bytes('');
    const r = importFiles(f);
    expect(r.ok).toBe(false);
    expect(r.failures.Symbol).toHaveLength(1);
    expect(r.failures.Footprint).toHaveLength(1);
    expect(r.failures.Page).toHaveLength(1);
    expect(Object.keys(r.data.files)).toEqual(expect.arrayContaining([sym, fp, sheet]));
    const b = roundTrip(r.data);
    expect(JSON.stringify(b.projectJson)).toBe(JSON.stringify(pjOf(f)));
    for (const k of [sym, fp, sheet]) expect(b.entries.get(k)).toBe(text(f[k]));
  });

  it('[issue-10] an edit after the import is written; everything else stays as read', () => {
    const f = fixtureFiles();
    editJson(f, 'project.json', (o) => {
      for (const e of Object.values(o.devices) as Obj[]) e.version = 1700000000000;
    });
    const r = importFiles(f);
    const d = throughSortedStore(r.data);
    const dev = d.devices[0];
    dev.display_title = 'Renamed';
    dev.title = 'renamed';
    d.devices.splice(1, 1); // one device deleted since the import
    const removed = r.data.devices[1].uuid;
    const out = roundTrip(d).projectJson as Obj;
    const want = pjOf(f);
    want.devices[dev.uuid].title = 'Renamed';
    delete want.devices[removed];
    expect(JSON.stringify(out)).toBe(JSON.stringify(want));
  });
});

describe('rebaseJson', () => {
  it('writes the value as read where the model did not change it, the new value where it did', () => {
    const read = { b: 1, a: { v: 2, keep: 'x' }, failed: { z: 1 }, list: [{ uuid: 'u1', id: 1 }, { uuid: 'u2', id: '2' }] };
    const imported = { a: { v: '2' }, b: '1', list: [{ uuid: 'u1', id: 1 }, { uuid: 'u2', id: '2' }], added: '' };
    expect(rebaseJson(read, imported, imported)).toEqual(read);
    expect(JSON.stringify(rebaseJson(read, imported, { ...imported, a: { v: '3' } }))).toBe(JSON.stringify({ b: 1, a: { v: '3', keep: 'x' }, failed: { z: 1 }, list: read.list }));
    expect(rebaseJson(read, imported, { ...imported, added: 'now' })).toMatchObject({ added: 'now' });
    const dropped = rebaseJson(read, imported, { ...imported, list: [{ uuid: 'u2', id: '2' }] }) as Obj;
    expect(dropped.list).toEqual([{ uuid: 'u2', id: '2' }]);
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });
});

describe('every fixture', () => {
  for (const name of fixtureNames()) {
    it(`[issue-10] ${name}: project.json comes back as read, also through a key-reordering store`, () => {
      const f = fixtureFiles(name);
      const r = importFiles(f);
      expect(r.ok).toBe(true);
      expectSameArchive(f, throughSortedStore(r.data));
    });
  }
});
