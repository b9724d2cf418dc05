import { describe, it, expect } from 'vitest';
import { NAMED_ERRORS, CatalogueError, formatMessage } from '@copperplate/model';
import {
  readEpro,
  eproToProjectData,
  projectDataToEpro,
  writeEpro,
  formatFailureReport,
  emptyFailureReport,
  FAILURE_GROUPS,
  IMPORT_RESULT_MESSAGES,
  base64Name,
  fromBase64Name,
  precheckDocument,
  eproFromFiles,
  type ImportResult,
  type Precheck,
} from '@copperplate/format';
import { fixtureFiles, zip, bytes, text, editJson, find } from './build.ts';

const importFiles = (f: Record<string, Uint8Array>): ImportResult => eproToProjectData(readEpro(zip(f)));
const pj = (f: Record<string, Uint8Array>) => JSON.parse(text(f['project.json']));

describe('import pipeline rules', () => {
  it('[IMP-3] a document that does not begin with the marker of its type is reported as file missing', () => {
    const f = fixtureFiles();
    const fp = find(f, /^FOOTPRINT\//);
    f[fp] = bytes(text(f[fp]).replace('["DOCTYPE","FOOTPRINT"', '["DOCTYPE","SYMBOL"'));
    const uuid = fp.slice('FOOTPRINT/'.length, -5);
    const r = importFiles(f);
    expect(r.failures.Footprint).toEqual([{ name: pj(f).footprints[uuid].title, message: NAMED_ERRORS.FILE_MISSING }]);
    expect(r.data.footprints.some((x) => x.uuid === uuid)).toBe(false);
  });

  it('[IMP-3] a listed symbol without its file is reported as file missing', () => {
    const f = fixtureFiles();
    const sym = find(f, /^SYMBOL\//);
    delete f[sym];
    const r = importFiles(f);
    expect(r.failures.Symbol.map((x) => x.message)).toEqual([NAMED_ERRORS.FILE_MISSING]);
  });

  it("[IMP-4] an empty sheet: The content of {name}'s drawing page is missing!", () => {
    const f = fixtureFiles();
    f[find(f, /\.esch$/)] = bytes('');
    const r = importFiles(f);
    expect(r.failures.Page).toEqual([{ name: 'P1', message: formatMessage(NAMED_ERRORS.SHEET_CONTENT_MISSING, { name: 'P1' }) }]);
    expect(r.data.schematics[0].sort).toEqual([]);
  });

  it('[IMP-5] a sheet that refers to an unknown device, symbol or footprint id', () => {
    const f = fixtureFiles();
    const sch = find(f, /\.esch$/);
    const t = text(f[sch]);
    const line = t.split('\n').find((l) => l.includes('"Device"'))!;
    const rec = JSON.parse(line);
    rec[4] = 'ffffffffffffffffffffffffffffffff';
    f[sch] = bytes(t.replace(line, JSON.stringify(rec)) + '\n' + JSON.stringify(['ATTR', 'zz1', 'e1', 'Symbol', 'nope', 0, 0, 0, 0, 0, 'st1', 0]));
    const r = importFiles(f);
    expect(r.failures.Page.map((x) => x.message).sort()).toEqual([NAMED_ERRORS.ILLEGAL_DEVICE_ID, NAMED_ERRORS.ILLEGAL_SYMBOL_ID].sort());
  });

  it('[IMP-5] [ID-3] an instance id ({parentId}_{n}) is not an illegal reference; {parentId}_x is', () => {
    const f = fixtureFiles();
    const sch = find(f, /\.esch$/);
    const orig = text(f[sch]);
    const line = (id: string) => JSON.stringify(['ATTR', 'zz1', 'e1', 'Footprint', id, 0, 0, 0, 0, 0, 'st1', 0]);
    f[sch] = bytes(orig + '\n' + line('ffffffffffffffffffffffffffffffff_3'));
    expect(importFiles(f).ok).toBe(true);
    f[sch] = bytes(orig + '\n' + line('ffffffffffffffffffffffffffffffff_x'));
    expect(importFiles(f).failures.Page.map((x) => x.message)).toEqual([NAMED_ERRORS.ILLEGAL_FOOTPRINT_ID]);
  });

  it('[IMP-5] a PCB that refers to an unknown footprint (PCB ATTR layout)', () => {
    const f = fixtureFiles();
    const pcb = find(f, /\.epcb$/);
    f[pcb] = bytes(text(f[pcb]) + '\n' + JSON.stringify(['ATTR', 'zz9', 0, 'e2', 3, null, null, 'Footprint', 'unknownfootprint', 0, 0, 'default', 45, 6, 0, 0, 3, 0, 0, 0, 0, 0]));
    expect(importFiles(f).failures.Pcb.map((x) => x.message)).toEqual([NAMED_ERRORS.ILLEGAL_FOOTPRINT_ID]);
  });

  it('[IMP-6] a pour or font of a PCB the archive does not hold: kept, The owning PCB is missing as a warning; sheets of a missing schematic: The owning Sheet is missing', () => {
    const f = fixtureFiles();
    const pour = `POUR/${base64Name('0123456789abcdef0123456789abcdef_0')}.ecop`;
    f[pour] = bytes('["DOCTYPE","POURED","1.1"]');
    f['SHEET/0123456789abcdef0123456789abcdef/1.esch'] = bytes('["DOCTYPE","SCH","1.1"]');
    const r = importFiles(f);
    expect(r.failures.Pour).toEqual([]);
    expect(r.warnings.Pour).toEqual([{ name: '0123456789abcdef0123456789abcdef_0', message: NAMED_ERRORS.OWNER_PCB_ABSENT_KEPT }]);
    expect(r.data.files[pour]).toBe('["DOCTYPE","POURED","1.1"]');
    expect(r.failures.Page.map((x) => x.message)).toEqual([NAMED_ERRORS.OWNING_SHEET_MISSING]);
    expect(r.data.files['SHEET/0123456789abcdef0123456789abcdef/1.esch']).toBe('["DOCTYPE","SCH","1.1"]');
  });

  it('[IMP-6] the pour and font of a PCB that failed to import, and a PCB whose parent failed: The owning PCB is missing', () => {
    const f = fixtureFiles();
    const pcbFile = find(f, /^PCB\//);
    const parent = pcbFile.slice('PCB/'.length, -5);
    f[pcbFile] = bytes(text(f[pcbFile]).replace('["DOCTYPE","PCB"', '["DOCTYPE","SYMBOL"'));
    const child = 'c0ffee00c0ffee00c0ffee00c0ffee00';
    f[`PCB/${child}.epcb`] = f[pcbFile];
    editJson(f, 'project.json', (o) => {
      o.pcbs[child] = { name: 'Child', parent_uuid: parent };
    });
    const r = importFiles(f);
    expect(r.failures.Pcb).toContainEqual({ name: 'Child', message: NAMED_ERRORS.OWNING_PCB_MISSING });
    expect(r.failures.Pour).toEqual([{ name: `${parent}_0`, message: NAMED_ERRORS.OWNING_PCB_MISSING }]);
    expect(r.failures.Font).toEqual([{ name: `${parent}_0`, message: NAMED_ERRORS.OWNING_PCB_MISSING }]);
    expect(r.data.coppers).toEqual([]);
  });

  it('[IMP-6] sheets listed under a schematic that failed to import: The owning Sheet is missing, their files kept', () => {
    const f = fixtureFiles();
    let schUuid = '';
    let sheets = 0;
    editJson(f, 'project.json', (o) => {
      const [uuid, sch] = Object.entries(o.schematics as Record<string, { name: string; sheets: unknown[] }>)[0];
      schUuid = uuid;
      sheets = sch.sheets.length;
      sch.name = 'x'.repeat(200); // over 128 bytes: the schematic fails (VAL-9)
    });
    const r = importFiles(f);
    expect(r.failures.Schematic).toHaveLength(1);
    const owned = r.failures.Page.filter((x) => x.message === NAMED_ERRORS.OWNING_SHEET_MISSING);
    expect(sheets).toBeGreaterThan(0);
    expect(owned).toHaveLength(sheets);
    expect(r.data.sheets.some((x) => x.schematic_uuid === schUuid)).toBe(false);
    expect(Object.keys(r.data.files).filter((k) => k.startsWith(`SHEET/${schUuid}/`))).toHaveLength(sheets);
  });

  it('[IMP-1] documents come in the import order (sheets, symbols, PCBs with parents first, footprints, pours, fonts, blobs): a PCB listed before its parent imports', () => {
    const f = fixtureFiles();
    const parent = find(f, /^PCB\//).slice('PCB/'.length, -5);
    const child = 'c0ffee00c0ffee00c0ffee00c0ffee00';
    f[`PCB/${child}.epcb`] = f[`PCB/${parent}.epcb`];
    editJson(f, 'project.json', (o) => {
      o.pcbs = { [child]: { name: 'Child', parent_uuid: parent }, ...o.pcbs };
    });
    const kinds: string[] = [];
    const pcbs: string[] = [];
    const r = eproToProjectData(readEpro(zip(f)), { onDocument: (kind, id) => (kinds.push(kind), kind === 'pcb' && pcbs.push(id)) });
    expect(r.failures.Pcb).toEqual([]);
    expect(r.ok).toBe(true);
    expect(pcbs).toEqual([parent, child]);
    expect(r.data.pcbs.find((p) => p.uuid === child)?.parent_uuid).toBe(parent);
    const order = ['sheet', 'symbol', 'pcb', 'footprint', 'panel', 'pour', 'font', 'blob'];
    const runs = kinds.filter((k, i) => i === 0 || kinds[i - 1] !== k);
    expect(runs).toEqual(order.filter((k) => runs.includes(k)));
    expect(runs).toEqual(expect.arrayContaining(['sheet', 'symbol', 'pcb', 'footprint']));
  });

  it('[IMP-2] one failed item makes the import a failure report listing it; none is success', () => {
    const good = importFiles(fixtureFiles());
    expect([good.ok, formatFailureReport(good.failures)]).toEqual([true, IMPORT_RESULT_MESSAGES.SUCCESS]);
    const f = fixtureFiles();
    delete f[find(f, /^SYMBOL\//)];
    const r = importFiles(f);
    expect(r.ok).toBe(false);
    const report = formatFailureReport(r.failures);
    expect(report.startsWith('Import project failure information:\n')).toBe(true);
    expect(report).toMatch(/\nSymbol:\n {2}[^\n]+: file missing/);
  });

  it('[IMP-7] project.json without boards is refused', () => {
    const f = fixtureFiles();
    editJson(f, 'project.json', (o) => delete o.boards);
    let err: unknown;
    try {
      importFiles(f);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CatalogueError);
    expect((err as Error).message).toBe(NAMED_ERRORS.BOARDS_MISSING);
  });

  it('[VAL-5] a footprint with an illegal source fails; [VAL-6] its devices fail with the footprint missing', () => {
    const f = fixtureFiles();
    let id = '';
    editJson(f, 'project.json', (o) => {
      id = Object.keys(o.footprints)[0];
      o.footprints[id].source = 'a||b';
    });
    const r = importFiles(f);
    expect(r.failures.Footprint.map((x) => x.message)).toEqual([NAMED_ERRORS.FOOTPRINT_SOURCE_ILLEGAL]);
    const users = Object.values(pj(f).devices as Record<string, { attributes: { Footprint: string } }>).filter((d) => d.attributes.Footprint === id).length;
    expect(users).toBeGreaterThan(0);
    expect(r.failures.Device.filter((x) => x.message === NAMED_ERRORS.DEVICE_FOOTPRINT_MISSING).length).toBe(users);
  });

  it('[IMP-11][UI-2] progress runs to 2 + items + 2 per PCB + 2 per sheet, one step at a time', () => {
    const f = fixtureFiles();
    const o = pj(f);
    const files = Object.keys(f);
    const n = (m: object) => Object.keys(m).length;
    const sheets = Object.values(o.schematics as Record<string, { sheets: unknown[] }>).reduce((s, x) => s + x.sheets.length, 0);
    const count = (p: string) => files.filter((k) => k.startsWith(p) && !k.endsWith('/')).length;
    const expected = 2 + n(o.schematics) + n(o.devices) + n(o.symbols) + n(o.footprints) + count('BLOB/') + count('POUR/') + 0 + count('FONT/') + n(o.panels) + 2 * n(o.pcbs) + 2 * sheets;
    const seen: number[] = [];
    const r = eproToProjectData(readEpro(zip(f)), { onProgress: (done, total) => (expect(total).toBe(expected), seen.push(done)) });
    expect(r.progress).toEqual({ done: expected, total: expected });
    expect(seen).toEqual(Array.from({ length: expected }, (_, i) => i + 1));
  });

  it('[UI-3] the failure report lists groups in order Schematic, Page, Symbol, Pcb, Footprint, Device, Panel, Pour, True Color Image, Font', () => {
    expect(FAILURE_GROUPS).toEqual(['Schematic', 'Page', 'Symbol', 'Pcb', 'Footprint', 'Device', 'Panel', 'Pour', 'True Color Image', 'Font']);
    const r = emptyFailureReport();
    expect(formatFailureReport(r)).toBe(IMPORT_RESULT_MESSAGES.SUCCESS);
    r.Font.push({ name: 'f', message: 'file missing' });
    r.Page.push({ name: 'P1', message: 'x' });
    expect(formatFailureReport(r)).toBe('Import project failure information:\nPage:\n  P1: x\nFont:\n  f: file missing');
  });

  it('[ARC-1] pour and font files are named base64(pcbUuid + "_0")', () => {
    const r = importFiles(fixtureFiles());
    const pcb = r.data.pcbs[0].uuid;
    expect(r.data.coppers.map((c) => c.path)).toEqual([`${pcb}_0`]);
    expect(r.data.fonts.map((c) => c.path)).toEqual([`${pcb}_0`]);
    const out = projectDataToEpro(r.data);
    expect(out.entries.has(`POUR/${btoa(pcb + '_0')}.ecop`)).toBe(true);
    expect(out.entries.has(`FONT/${btoa(pcb + '_0')}.efon`)).toBe(true);
    expect(fromBase64Name(base64Name('x_0'))).toBe('x_0');
    expect(fromBase64Name('%%%')).toBeNull();
  });

  it('[ARC-3] a library archive (device.json, symbol.json, footprint.json) imports and writes back as one', () => {
    const f = fixtureFiles();
    const o = pj(f);
    const lib: Record<string, Uint8Array> = {
      'device.json': bytes(JSON.stringify({ devices: o.devices })),
      'symbol.json': bytes(JSON.stringify(o.symbols)),
      'footprint.json': bytes(JSON.stringify({ footprints: o.footprints })),
    };
    for (const k of Object.keys(f)) if (/^(SYMBOL|FOOTPRINT)\/.+/.test(k)) lib[k] = f[k];
    const r = importFiles(lib);
    expect(r.ok).toBe(true);
    expect(r.data.devices.length).toBe(Object.keys(o.devices).length);
    expect(r.data.library).toEqual([
      { file: 'device.json', wrapped: true },
      { file: 'symbol.json', wrapped: false },
      { file: 'footprint.json', wrapped: true },
    ]);
    const back = readEpro(writeEpro(projectDataToEpro(r.data)));
    expect(back.entries.has('project.json')).toBe(false);
    expect(JSON.parse(back.entries.get('symbol.json') as string)).toEqual(o.symbols);
    expect(JSON.parse(back.entries.get('device.json') as string)).toEqual({ devices: o.devices });
  });

  it('[IMP-3][IMP-5] prechecked documents (as from worker threads) give the same result as parsing here', () => {
    const f = fixtureFiles();
    const fp = find(f, /^FOOTPRINT\//);
    f[fp] = bytes(text(f[fp]).replace('["DOCTYPE","FOOTPRINT"', '["DOCTYPE","SYMBOL"'));
    const sch = find(f, /\.esch$/);
    f[sch] = bytes(text(f[sch]) + '\n' + JSON.stringify(['ATTR', 'zz1', 'e1', 'Device', 'nope', 0, 0, 0, 0, 0, 'st1', 0]));
    const sym = find(f, /^SYMBOL\//);
    f[sym] = bytes(text(f[sym]) + '\n[broken');
    const files = new Map<string, Uint8Array | string>();
    const prechecked = new Map<string, Precheck>();
    for (const [k, v] of Object.entries(f)) {
      if (k.endsWith('/')) continue;
      files.set(k, text(v));
      if (!k.endsWith('.json')) prechecked.set(k, precheckDocument(k, text(v)));
    }
    const here = eproToProjectData(readEpro(zip(f)));
    const there = eproToProjectData(eproFromFiles(files), { prechecked });
    expect(here.ok).toBe(false);
    expect(there.failures).toEqual(here.failures);
    expect(there.data).toEqual(here.data);
  });

  it('keeps unknown project.json keys and archive files through a round trip', () => {
    const f = fixtureFiles();
    editJson(f, 'project.json', (o) => {
      o.future_key = { a: [1, 2] };
      o.config.someFlag = true;
      const id = Object.keys(o.symbols)[0];
      o.symbols[id].newField = 'kept';
    });
    f['INSTANCE/abc.eins'] = bytes('["DOCTYPE","INSTANCE","1.0"]');
    f['meta.json'] = bytes('{"owner":"x"}');
    const a = readEpro(zip(f));
    const r = eproToProjectData(a);
    expect(r.ok).toBe(true);
    const b = readEpro(writeEpro(projectDataToEpro(r.data)));
    expect(b.projectJson).toEqual(a.projectJson);
    expect(b.entries.get('INSTANCE/abc.eins')).toBe('["DOCTYPE","INSTANCE","1.0"]');
    expect(b.entries.get('meta.json')).toBe('{"owner":"x"}');
  });
});
