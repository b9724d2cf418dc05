import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { unzipSync, zipSync, strToU8 } from 'fflate';
import { convertV3, eproToProjectData, isV3Archive, parseDocuments, readEpro, readEpru, type ConversionReport } from '@copperplate/format';

const FIX = '/work/shared/fixtures/epro';
const bytesOf = (n: string) => new Uint8Array(readFileSync(`${FIX}/${n}`));
const filesOf = (n: string) => new Map(Object.entries(unzipSync(bytesOf(n))));
const line = (head: object, body: object | '') => `${JSON.stringify(head)}||${body === '' ? '' : JSON.stringify(body)}|`;
const sum = (r: ConversionReport) => r.carried + r.notCarried.reduce((n, x) => n + x.count, 0);

describe('.epru record stream', () => {
  it('parses the head first: text containing "||" and "}||{" stays in the body', () => {
    const text = [
      line({ type: 'DOCHEAD' }, { docType: 'SCH_PAGE', uuid: 'p1' }),
      line({ type: 'TEXT', ticket: 2, id: 'a' }, { value: 'x||y }||{"type":"X"}|', x: 1, y: 2 }),
    ].join('\n');
    const s = readEpru(text);
    expect(s.documents).toHaveLength(1);
    expect(s.documents[0].records.get('a')!.body!.value).toBe('x||y }||{"type":"X"}|');
    expect(s.dropped).toEqual([]);
  });

  it('keeps the highest ticket per id whatever the line order; an empty body is a deletion; the last line may lack "|"', () => {
    const text = [
      line({ type: 'DOCHEAD' }, { docType: 'PCB', uuid: 'b' }),
      line({ type: 'LINE', ticket: 9, id: 'e1' }, { width: 9 }),
      line({ type: 'LINE', ticket: 3, id: 'e1' }, { width: 3 }),
      line({ type: 'VIA', ticket: 4, id: 'e2' }, { centerX: 1 }),
      line({ type: 'VIA', ticket: 5, id: 'e2' }, ''),
      JSON.stringify({ type: 'NET', ticket: 6, id: '["NET","GND"]' }) + '||' + JSON.stringify({ retLine: true }),
    ].join('\n');
    const s = readEpru(text);
    const d = s.documents[0];
    expect(d.records.get('e1')!.body).toEqual({ width: 9 });
    expect(d.records.get('e2')!.body).toBeNull();
    expect(d.records.get('["NET","GND"]')!.body).toEqual({ retLine: true });
    expect(s.dropped.map((x) => x.fate)).toEqual(['superseded', 'superseded']);
    expect(s.lines).toBe(6);
  });

  it('groups records by the DOCHEAD before them; lines before any DOCHEAD and unreadable lines are counted', () => {
    const text = [
      line({ type: 'LINE', ticket: 1, id: 'x' }, {}),
      line({ type: 'DOCHEAD' }, { docType: 'SYMBOL', uuid: 's1' }),
      line({ type: 'PIN', ticket: 1, id: 'e1' }, { x: 0, y: 0 }),
      'not json at all',
      line({ type: 'DOCHEAD' }, { docType: 'SYMBOL', uuid: 's2' }),
      line({ type: 'PIN', ticket: 1, id: 'e1' }, { x: 5, y: 0 }),
    ].join('\r\n');
    const s = readEpru(text);
    expect(s.documents.map((d) => [d.uuid, d.records.size])).toEqual([['s1', 1], ['s2', 1]]);
    expect(s.dropped.map((x) => x.fate).sort()).toEqual(['orphan', 'unreadable']);
  });
});

describe('V3 archives (.epro2)', () => {
  it('are recognised by their content, also under an .epro name, and read as a V2 project', () => {
    const files = filesOf('ESP32-MPU6050.epro2');
    expect(isV3Archive(files.keys())).toBe(true);
    expect(isV3Archive(['project.json', 'SHEET/a/1.esch'])).toBe(false);
    const a = readEpro(zipSync(Object.fromEntries(files)), { name: 'renamed.epro' });
    expect(a.conversion?.source).toBe('epro2');
    expect(Object.keys(a.projectJson.schematics as object)).toHaveLength(1);
  });

  it.each([
    ['Hexapod.epro2', { SCH: 2, SCH_PAGE: 16, PCB: 2 }],
    ['ESP32-MPU6050.epro2', { SCH: 1, SCH_PAGE: 1, PCB: 1 }],
  ])('%s: every line of the record stream is carried or counted in the report', (name, docs) => {
    const files = filesOf(name);
    const epru = [...files.keys()].find((k) => k.endsWith('.epru'))!;
    const lines = new TextDecoder().decode(files.get(epru)).split('\n').filter((l) => l.trim() !== '').length;
    const { report } = convertV3(files);
    expect(report.total).toBe(lines);
    expect(sum(report)).toBe(report.total);
    for (const [t, n] of Object.entries(docs)) expect(report.documents[t]).toBe(n);
    for (const n of report.notCarried) expect(n.count).toBeGreaterThan(0);
    // What these fixtures do not carry is bookkeeping, rules and settings, never a drawn primitive.
    const undrawn = /^(DEVICE document|deleted record|superseded record|\w+ (ELE_PLACEHOLDER|META_PLACEHOLDER|RULE|RULE_SELECTOR|PREFERENCE|UNIVERSAL|META_MODIFY|LAYER_FILL))$/;
    const orphanSegment = (n: { kind: string; reason: string }) => n.kind === 'SCH_PAGE LINE' && n.reason.startsWith('segment of a wire or bus that is deleted or absent');
    expect(report.notCarried.filter((n) => !undrawn.test(n.kind) && !orphanSegment(n))).toEqual([]);
  });

  it.each(['Hexapod.epro2', 'ESP32-MPU6050.epro2'])('%s imports through the one pipeline with an empty failure report', (name) => {
    const r = eproToProjectData(readEpro(bytesOf(name), { name }));
    expect(Object.values(r.failures).flat()).toEqual([]);
    expect(r.ok).toBe(true);
  });

  it('leaves out a device without a symbol that nothing uses (V2 devices need one), and counts it', () => {
    const { report, projectJson } = convertV3(filesOf('ESP32-MPU6050.epro2'));
    expect(report.notCarried.find((n) => n.kind === 'DEVICE document')!.count).toBe(2); // its DOCHEAD and META lines
    expect(Object.values(projectJson.devices as Record<string, { title: string }>).map((d) => d.title)).not.toContain('LED-SMD_L1.6-W0.8-RD-WHITE');
  });

  it('converts every document into the V2 project: sheets, symbols, footprints, devices, PCBs, previews', () => {
    const a = readEpro(bytesOf('Hexapod.epro2'), { name: 'Hexapod.epro2' });
    const r = eproToProjectData(a);
    const d = r.data;
    expect(d.title).toBe('Hexapod');
    expect(d.schematics.map((s) => s.display_name).sort()).toEqual(['Hexapod', 'Hexapod_R2']);
    expect(d.sheets).toHaveLength(16);
    expect(d.symbols).toHaveLength(145);
    expect(d.devices).toHaveLength(129);
    expect(d.boards.map((b) => b.name).sort()).toEqual(['Hexapod', 'Hexapod_R2']);
    expect(Object.keys(d.files).filter((f) => f.startsWith('IMAGE/') && f.endsWith('.webp'))).toHaveLength(17);
    expect(r.conversion?.total).toBe(sum(r.conversion!));
    // Every converted document parses as V2 line records with its DOCTYPE first.
    for (const s of d.sheets) expect(parseDocuments(s.dataStr)[0].docType).toBe('SCH');
    for (const s of d.symbols) expect(parseDocuments(s.dataStr)[0].docType).toBe('SYMBOL');
    for (const s of d.footprints) expect(parseDocuments(s.dataStr)[0].docType).toBe('FOOTPRINT');
    expect(d.pcbs.map((p) => p.display_title).sort()).toEqual(['HexapodPCB', 'HexapodPCB_R2']);
    for (const p of d.pcbs) expect(parseDocuments(p.dataStr).filter((b) => b.docType === 'PCB')).toHaveLength(1);
  });

  it('flips Y in the schematic family (V3 is Y down) and keeps PCB coordinates (mil, same frame)', () => {
    const files = filesOf('Hexapod.epro2');
    const a = convertV3(files);
    // Power-VCC: pin name attribute at y -5 in V3 is at +5 in V2; the symbol's bar at y -15 becomes +15.
    const vcc = [...a.entries].find(([k, v]) => k.startsWith('SYMBOL/') && typeof v === 'string' && v.includes('"Global Net Name","VCC"'))!;
    const recs = parseDocuments(vcc[1] as string)[0].records;
    expect(recs.find((r) => r[0] === 'ATTR' && r[3] === 'NAME')!.slice(7, 10)).toEqual([0, 5, 90]);
    expect(recs.find((r) => r[0] === 'POLY' && (r[2] as number[])[0] === -10)![2]).toEqual([-10, 15, 10, 15]);
    // A footprint pad keeps its V3 position.
    const sot = [...a.entries].find(([k, v]) => k.startsWith('FOOTPRINT/') && typeof v === 'string' && v.includes('SOT-23-5_L3.0-W1.7-P0.95-LS2.8-BR'))!;
    const pad = parseDocuments(sot[1] as string)[0].records.find((r) => r[0] === 'PAD' && r[5] === '5')!;
    expect(pad.slice(6, 8)).toEqual([-51.185, -37.4]);
    expect(pad[10]).toEqual(['RECT', 43.307, 23.622, 0]);
    // Polygon pads are written as V2's ["POLY", path] (what real files and the painter use).
    const polyPads = [...a.entries].flatMap(([k, v]) => (k.startsWith('FOOTPRINT/') && typeof v === 'string' ? parseDocuments(v)[0].records : []))
      .filter((r) => r[0] === 'PAD' && Array.isArray(r[10]) && typeof (r[10] as unknown[])[1] === 'object');
    expect(polyPads.length).toBeGreaterThan(0);
    for (const p of polyPads) expect((p[10] as unknown[])[0]).toBe('POLY');
  });

  it('keeps wires as WIRE records with the segments of their LINE members', () => {
    const a = convertV3(filesOf('ESP32-MPU6050.epro2'));
    const sheet = [...a.entries].find(([k]) => k.startsWith('SHEET/'))![1] as string;
    const recs = parseDocuments(sheet)[0].records;
    const wires = recs.filter((r) => r[0] === 'WIRE');
    expect(wires).toHaveLength(20);
    const segs = wires.reduce((n, w) => n + (w[2] as unknown[]).length, 0);
    expect(segs).toBeGreaterThan(20);
    for (const w of wires) for (const s of w[2] as number[][]) expect(s.every((v) => typeof v === 'number')).toBe(true);
  });

  it('handles variants the definitions allow: rows already Y up, buses, Bezier curves, 0/1 booleans, a wire before its segments', () => {
    const epru = [
      line({ type: 'DOCHEAD' }, { docType: 'SCH', uuid: 's1' }),
      line({ type: 'META', ticket: 1, id: 'META' }, { title: 'S' }),
      line({ type: 'DOCHEAD' }, { docType: 'SCH_PAGE', uuid: 'p1' }),
      line({ type: 'META', ticket: 1, id: 'META' }, { title: 'P1', schematic: 's1' }),
      line({ type: 'LINE', ticket: 2, id: 'l1' }, { startX: 0, startY: -10, endX: 20, endY: -10, lineGroup: 'w1', strokeColor: null, strokeStyle: 'SHORT_DASH', strokeWidth: null, fillColor: null, fillStyle: null }),
      line({ type: 'WIRE', ticket: 3, id: 'w1' }, { groupId: '', locked: 1, zIndex: 1 }),
      line({ type: 'BUS', ticket: 4, id: 'b1' }, { busEntry: { x1: { order: 0, pointX: 0, pointY: 0, rotation: 0 } }, groupId: '', locked: false, zIndex: 2 }),
      line({ type: 'LINE', ticket: 5, id: 'l2' }, { startX: 0, startY: -50, endX: 0, endY: -90, lineGroup: 'b1', strokeColor: null, strokeStyle: null, strokeWidth: null, fillColor: null, fillStyle: null }),
      line({ type: 'BEZIER', ticket: 6, id: 'z1' }, { controls: [0, -1, 2, -3, 4, -5, 6, -7], strokeColor: null, strokeStyle: null, strokeWidth: null, fillColor: null, fillStyle: null, groupId: '', locked: false, zIndex: 3 }),
      line({ type: 'TEXT', ticket: 7, id: 't1' }, { x: 5, y: 40, yAxisDirection: 'up', rotation: 90, value: 'up', color: null, fillColor: null, fontFamily: null, fontSize: null, italic: 0, fontWeight: 1, underline: null, strikeout: null, align: 'RIGHT_TOP', groupId: '', locked: false, zIndex: 4 }),
    ].join('\n');
    const c = convertV3(new Map([['x.epru', epru]]));
    expect(sum(c.report)).toBe(c.report.total);
    expect(c.report.notCarried).toEqual([]);
    const sheet = parseDocuments(c.entries.get('SHEET/s1/1.esch') as string)[0].records;
    const byType = (t: string) => sheet.filter((r) => r[0] === t);
    expect(byType('WIRE')[0].slice(1, 3)).toEqual(['w1', [[0, 10, 20, 10]]]);
    const wireStyle = sheet.find((r) => r[0] === 'LINESTYLE' && r[1] === byType('WIRE')[0][3])!;
    expect(wireStyle[3]).toBe(1); // SHORT_DASH
    expect(byType('BUS')[0].slice(1, 3)).toEqual(['b1', [[0, 50, 0, 90]]]);
    expect(byType('BEZIER')[0][2]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(byType('TEXT')[0].slice(2, 6)).toEqual([5, 40, 90, 'up']);
    const font = sheet.find((r) => r[0] === 'FONTSTYLE' && r[1] === byType('TEXT')[0][6])!;
    expect(font.slice(6, 12)).toEqual([0, 1, null, null, 0, 2]); // italic 0, bold 1, top, right
    expect(c.report.adjusted.map((x) => x.kind)).toEqual(['SCH_PAGE BUS entry points']);
  });

  it('FONT documents (project-wide glyph cache) become FONT records of the boards', () => {
    const files = filesOf('ESP32-MPU6050.epro2');
    const epru = [...files.keys()].find((k) => k.endsWith('.epru'))!;
    const font = line({ type: 'FONT', ticket: 9, id: JSON.stringify(['C1', 'Arial', 4.5, 10, 0, 0, 0, 0]) }, { width: 45, height: 45, path: [[1, 2, 'L', 3, 4, 5, 6]] });
    files.set(epru, strToU8(new TextDecoder().decode(files.get(epru)) + '|\n' + line({ type: 'DOCHEAD' }, { docType: 'FONT', uuid: 'FONT' }) + '\n' + font));
    const c = convertV3(files);
    expect(sum(c.report)).toBe(c.report.total);
    const pcb = [...c.entries].find(([k]) => k.startsWith('PCB/'))![1] as string;
    const rec = parseDocuments(pcb).find((b) => b.docType === 'PCB')!.records.find((r) => r[0] === 'FONT')!;
    expect(rec).toEqual(['FONT', 'C1', 'Arial', 4.5, 10, false, false, false, 0, 45, 45, [[1, 2, 'L', 3, 4, 5, 6]]]);
  });

  it('symbol types V2 does not know (a differential pair flag, types added later) import as the V2 type that draws the same', () => {
    // a real project (CS2-C4, not a fixture) lost its differential pair flag, docType 31, as "Illegal docType 31 of Symbol"
    const files = filesOf('ESP32-MPU6050.epro2');
    const epru = [...files.keys()].find((k) => k.endsWith('.epru'))!;
    const symbol = (uuid: string, docType: number, pin: boolean) => [
      line({ type: 'DOCHEAD' }, { docType: 'SYMBOL', uuid }),
      line({ type: 'PART', ticket: 2, id: `${uuid}.1` }, { BBOX: [0, 0, 10, 10], title: '' }),
      line({ type: 'POLY', ticket: 3, id: 'e1' }, { points: [{ x: 0, y: 0 }, { x: 10, y: 0 }], strokeColor: null, strokeStyle: 'SOLID', fillColor: null, strokeWidth: 1, fillStyle: 'SOLID', closed: false, zIndex: 1, locked: false, partId: `${uuid}.1` }),
      ...(pin ? [line({ type: 'PIN', ticket: 4, id: 'e2' }, { display: true, x: 0, y: 0, length: 10, rotation: 180, color: null, pinShape: 'NONE', zIndex: 2, locked: false, partId: `${uuid}.1` })] : []),
      line({ type: 'META', ticket: 5, id: 'META' }, { title: uuid, description: '', tags: [], docType, source: '' }),
    ].join('\n');
    files.set(epru, strToU8(new TextDecoder().decode(files.get(epru)) + '|\n' + [symbol('diffpair', 31, false), symbol('newpart', 97, true), symbol('newmark', 98, false)].join('\n')));
    const c = convertV3(files);
    const types = c.projectJson.symbols as Record<string, { type: number }>;
    expect([types.diffpair.type, types.newpart.type, types.newmark.type]).toEqual([21, 2, 21]);
    expect(c.report.adjusted.map((x) => x.kind)).toEqual(expect.arrayContaining(['SYMBOL type 31 (differential pair flag)', 'SYMBOL type 97 (unknown type, has pins)', 'SYMBOL type 98 (unknown type, no pins)']));
    const r = eproToProjectData(readEpro(zipSync(Object.fromEntries(files)), { name: 'x.epro2' }));
    expect(Object.values(r.failures).flat()).toEqual([]);
    expect(r.data.symbols.map((s) => s.uuid)).toEqual(expect.arrayContaining(['diffpair', 'newpart', 'newmark']));
  });

  it('PCB design rules and their net assignments carry over as V2 RULE / RULE_SELECTOR records (paste, mask, track, via, other)', () => {
    // a real project (CS2-C4) lost its rule "no paste on test points": EasyEDA's paste layer has none, ours had two
    const rule = (type: string, name: string, ctx: object, state: string | number = 'DEFAULT') =>
      line({ type: 'RULE', ticket: 2, id: JSON.stringify(['RULE', type, name]) }, { ruleState: state, ruleContext: { unit: 'mm', ...ctx } });
    const epru = [
      line({ type: 'DOCHEAD' }, { docType: 'PCB', uuid: 'b1' }),
      line({ type: 'META', ticket: 1, id: 'META' }, { title: 'B' }),
      rule('PASTE', 'pasteMaskExpansion', { padTopExpan: 0, padBotExpan: 0, testPointTopExpan: -1000, testPointBotExpan: -1000 }),
      rule('SOLDER', 'solderMaskExpansion', { padTopExpan: 2, padBotExpan: 2, viaTopExpan: -1000, viaBotExpan: -1000, testPointTopExpan: 2, testPointBotExpan: 2 }),
      rule('TRACK', 'trackWidth', { track: { isOpen: true, content: [{ layerId: 1, stroMin: 5, stroDef: 10, stroMax: 100 }] } }),
      rule('TRACK', 'power', { track: { isOpen: true, content: [{ layerId: 1, stroMin: 20, stroDef: 30, stroMax: 100 }] } }, 0),
      rule('RADIUS', 'viaSize', { minRadius: 9.8425, defRadius: 12.0079, maxRadius: 196.8504, minInner: 5.9055, defInner: 6.0039, maxInner: 118.1102 }),
      rule('OTHER', 'otherClearance', { deviceClearance: 0, thru2SmdClearance: 0, holeClearance: 11.8 }),
      rule('SAFE', 'safeClearance', { isForAll: 'ALL', safeSpacing: [{ layerId: 1, isOpen: true, content: [[6]] }] }),
      line({ type: 'RULE_SELECTOR', ticket: 3, id: JSON.stringify(['RULE_SELECTOR', ['NET', 'VCC']]) }, { ruleOrder: 2, ruleKeyValue: { TRACK: 'power', SAFE: 'x' } }),
      line({ type: 'RULE_SELECTOR', ticket: 3, id: JSON.stringify(['RULE_SELECTOR', ['NET', '']]) }, { ruleOrder: 4, ruleKeyValue: {}, copperValue: { COPPER: 'default' } }),
      // a net's copper rule (clearances in its SAFE rule Copper_<name>, row 7, outline row 11) shapes the net's own pours
      rule('SAFE', 'Copper_THICK', { isForAll: 'ALL', safeSpacing: [{ layerId: 1, isOpen: true, content: [[6], [6, 6], [6, 6, 6], [6, 6, 6, 6], [6, 6, 6, 6, 6], [6, 6, 6, 6, 6, 6], [6, 6, 6, 6, 6, 6, 6],
        [19.685, 19.685, 19.685, 19.685, 19.685, 19.685, 19.685, 19.685], [6, 6, 6, 6, 6, 6, 6, 19.685, 6], [6, 6, 6, 6, 6, 6, 6, 19.685, 6, 6], [6, 6, 6, 6, 6, 6, 6, 19.685, 6, 6, 6],
        [11.8, 11.8, 11.8, 11.8, 11.8, 11.8, 11.8, 12, 11.8, 11.8, 11.8]] }] }, 0),
      rule('COPPER', 'THICK', { sglPad: { isOpen: true, content: [{ layerId: 1, connType: 'DIRECT', spoSpac: 10, spoWidth: 10, spoAng: 90 }] },
        mulPad: { isOpen: true, content: [{ layerId: 1, connType: 'DIVERGENCE', spoSpac: 8, spoWidth: 12, spoAng: 45 }] }, track: { isOpen: true, content: [{ layerId: 1, connType: 'DIRECT' }] } }, 0),
      line({ type: 'POUR', ticket: 4, id: 'p1' }, { netName: 'PGND', layerId: 1, width: 1, name: 'A', order: 0, path: [[0, 0, 'L', 10, 0, 10, 10]], pourType: { pourType: 'SOLID' } }),
      line({ type: 'POUR', ticket: 4, id: 'p2' }, { netName: 'PGND', layerId: 1, width: 1, name: 'B', order: 1, path: [[0, 0, 'L', 10, 0, 10, 10]], pourType: { pourType: 'SOLID' } }),
      line({ type: 'RULE_SELECTOR', ticket: 5, id: JSON.stringify(['RULE_SELECTOR', ['NET', 'PGND']]) }, { ruleOrder: 4, ruleKeyValue: { COPPER: 'THICK' }, copperValue: { COPPER: 'Copper_THICK' } }),
      line({ type: 'RULE_SELECTOR', ticket: 5, id: JSON.stringify(['RULE_SELECTOR', ['POUR', 'p2']]) }, { ruleOrder: 2, ruleKeyValue: { COPPER: 'THICK' } }),
    ].join('\n');
    const c = convertV3(new Map([['x.epru', epru]]));
    expect(sum(c.report)).toBe(c.report.total);
    const recs = parseDocuments(c.entries.get('PCB/b1.epcb') as string).find((b) => b.docType === 'PCB')!.records;
    expect(recs.filter((r) => r[0] === 'RULE')).toEqual([
      ['RULE', '8', 'pasteMaskExpansion', 1, ['mm', 0, 0, -1000, -1000]],
      ['RULE', '9', 'solderMaskExpansion', 1, ['mm', 2, 2, -1000, -1000, 2, 2]],
      ['RULE', '3', 'trackWidth', 1, ['mm', 5, 10, 100]],
      ['RULE', '3', 'power', 0, ['mm', 20, 30, 100]],
      ['RULE', '5', 'viaSize', 1, ['mm', 9.8425, 12.0079, 196.8504, 5.9055, 6.0039, 118.1102]],
      ['RULE', '2', 'otherClearance', 1, ['mm', 0, 0, 11.8]],
      ['RULE', '7', 'THICK', 0, ['mm', 19.685, 12, '1', 10, 10, 90, '0', '0', 12, 8, 45]],
    ]);
    // PGND's copper rule goes to its pour without a selector (p1); p2 keeps its own; VCC's SAFE entry is dropped
    expect(recs.filter((r) => r[0] === 'RULE_SELECTOR')).toEqual([
      ['RULE_SELECTOR', ['NET', 'VCC'], 2, { 3: 'power' }],
      ['RULE_SELECTOR', ['POUR', 'p1'], 4, { 7: 'THICK' }],
      ['RULE_SELECTOR', ['POUR', 'p2'], 2, { 7: 'THICK' }],
    ]);
    expect(c.report.notCarried.map((n) => n.kind)).toEqual(expect.arrayContaining(['PCB RULE', 'PCB RULE_SELECTOR']));
  });

  it('an .epro2 with a broken project2.json still converts its documents', () => {
    const files = filesOf('ESP32-MPU6050.epro2');
    files.set('project2.json', strToU8('{not json'));
    const c = convertV3(files);
    expect(Object.keys(c.projectJson.pcbs as object)).toHaveLength(1);
  });
});
