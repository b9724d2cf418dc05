import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import {
  ProjectSchema,
  ProjectInfoSchema,
  RecentProjectEntrySchema,
  CurrentProjectSchema,
  BoardSchema,
  SchematicSchema,
  SheetSchema,
  SymbolSchema,
  FootprintSchema,
  PcbSchema,
  PanelSchema,
  DeviceSchema,
  BlockSymbolAttributeSchema,
  InstanceAttributeSchema,
  BlobSchema,
  CopperPourSchema,
  FontSchema,
  HashTicketSchema,
  TicketSnapshotSchema,
  TICKET_MAP_KEYS,
  emptyTicketSnapshot,
  LogEntrySchema,
  DownloadStreamSchema,
  PinRecordSchema,
  UpdateTimeSchema,
  pcbIdOfPath,
  validateSymbol,
  validateFootprint,
  validateDevice,
  DocType,
  isDocumentId,
  isValidSource,
} from '../src/index.ts';

const FIXTURE_DIR = '/work/shared/fixtures/epro';
const P = 'ced23b6aad5f4bdaab3778c18fdc91bf';

describe('entity schemas of SPEC §3', () => {
  it('[ENT-1] project info fields are all required', () => {
    const ok = { projectId: P, projectName: 'n', updateTime: 1, timeOfOpenProject: '2024-01-01' };
    expect(ProjectInfoSchema.parse(ok)).toEqual(ok);
    for (const k of Object.keys(ok)) {
      const o: Record<string, unknown> = { ...ok };
      delete o[k];
      expect(ProjectInfoSchema.safeParse(o).success).toBe(false);
    }
  });
  it('[ENT-1] project, current project, recent entry, board', () => {
    const p = ProjectSchema.parse({ uuid: P, title: 'T', boards: [{ name: 'b', sch: 's', pcb: 'p' }], members: [{ uuid: 'u', nickname: 'n' }], modifier: { nickname: 'm' } });
    expect(p.g_ticket).toBe(0);
    expect(p.cbb_project).toBe(false);
    expect(ProjectSchema.safeParse({ title: 'T' }).success).toBe(false);
    expect(ProjectSchema.safeParse({ uuid: P, title: 'T', members: [{ nickname: 'x' }] }).success).toBe(false); // members each with uuid
    expect(CurrentProjectSchema.parse({ projectId: P, title: 't', isCBB: true }).isCBB).toBe(true);
    expect(RecentProjectEntrySchema.parse({ projectId: P, projectName: 'n', timeOfOpenProject: 1, updateTime: 2, cbb_project: false }).members).toEqual([]);
    expect(BoardSchema.safeParse({ name: 'b', sch: 's' }).success).toBe(false);
  });
  it('[ENT-1] documents, library items, resources, tickets, logs, streams, pins', () => {
    const base = { uuid: P, project_uuid: P, ticket: -1 };
    expect(SchematicSchema.parse({ ...base, name: 'S', display_name: 'S' }).sort).toEqual([]);
    expect(SheetSchema.parse({ ...base, schematic_uuid: P, title: 'P1', display_title: 'P1', dataStrId: 'http://x', key: 'k', iv: 'i' }).dataStrId).toBe('http://x');
    expect(PcbSchema.parse({ ...base, title: 'B', display_title: 'B', parent_uuid: P }).parent_uuid).toBe(P);
    expect(PanelSchema.parse({ ...base, title: 'B', display_title: 'B' }).title).toBe('B');
    expect(SymbolSchema.safeParse({ ...base, title: 'R', display_title: 'R' }).success).toBe(false); // docType required
    expect(FootprintSchema.parse({ ...base, title: 'F', display_title: 'F', docType: 4, verifyKey: 'v' }).verifyKey).toBe('v');
    expect(DeviceSchema.parse({ ...base, title: 'D', display_title: 'D', attributes: { Symbol: 'a', Footprint: 'b', Device: 'c', Value: '10k' } }).attributes.Value).toBe('10k');
    expect(BlockSymbolAttributeSchema.safeParse({ path: 'x', project_uuid: P, hash: 'h', ticket: 1, attr: {} }).success).toBe(false);
    expect(InstanceAttributeSchema.parse({ path: 'x', attr: { a: 1 }, sheetId: 2 }).sheetId).toBe(2);
    expect(BlobSchema.parse({ hash: 'h', filename: 'f.png', ticket: 1, owner_uuid: 'o' }).owner_uuid).toBe('o');
    expect(CopperPourSchema.parse({ path: `${P}_0`, project_uuid: P, ticket: 1, dataStr: '' }).path).toBe(`${P}_0`);
    expect(FontSchema.safeParse({ path: P, project_uuid: P, ticket: 1, dataStr: '' }).success).toBe(false);
    expect(pcbIdOfPath(`${P}_0`)).toBe(P);
    expect(HashTicketSchema.parse({ hash: 'h', ticket: 2, project_uuid: P }).ticket).toBe(2);
    expect(LogEntrySchema.safeParse({ type: 'NOPE', content: '', time: 1, project_uuid: P }).success).toBe(false);
    expect(LogEntrySchema.parse({ id: 1, type: 'WARN', content: 'c', time: 1, project_uuid: P, owner: 'u' }).type).toBe('WARN');
    expect(DownloadStreamSchema.safeParse({ fileName: '', uuid: 'u' }).success).toBe(false);
    expect(PinRecordSchema.parse({ number: 7, part: 1 })).toEqual({ name: '', number: '7', part: 1 });
  });
  it('[ENT-4] updateTime is whole seconds', () => {
    expect(UpdateTimeSchema.safeParse(1712022907).success).toBe(true);
    expect(UpdateTimeSchema.safeParse(1712022907.5).success).toBe(false);
    expect(SymbolSchema.safeParse({ uuid: P, project_uuid: P, ticket: 1, title: 'R', display_title: 'R', docType: 2, updateTime: 1.5 }).success).toBe(false);
  });
  it('[TKT-5] [ENT-1] ticket snapshot has every map; negative item tickets are allowed', () => {
    const s = TicketSnapshotSchema.parse({ g_ticket: 5, symbols: { a: -2 } });
    for (const k of TICKET_MAP_KEYS) expect(s[k]).toBeDefined();
    expect(s.symbols.a).toBe(-2);
    expect(TICKET_MAP_KEYS).toHaveLength(12);
    expect(TicketSnapshotSchema.safeParse({ g_ticket: 1, pcbs: { a: 'x' } }).success).toBe(false);
    expect(emptyTicketSnapshot(3).g_ticket).toBe(3);
  });
  it('[ENT-1] [VAL-4] [VAL-5] the symbols, footprints and devices of the real fixtures validate unchanged', () => {
    const files = readdirSync(FIXTURE_DIR).filter((f) => f.endsWith('.epro'));
    expect(files.length).toBeGreaterThan(0);
    let counted = 0;
    for (const f of files) {
      const zip = unzipSync(new Uint8Array(readFileSync(join(FIXTURE_DIR, f))), { filter: (e) => e.name === 'project.json' });
      const pj = JSON.parse(strFromU8(zip['project.json'])) as Record<string, Record<string, Record<string, unknown>>>;
      for (const [uuid, s] of Object.entries(pj.symbols ?? {})) {
        expect(isDocumentId(uuid)).toBe(true);
        expect(isValidSource(s.source)).toBe(true);
        const r = validateSymbol({ uuid, project_uuid: P, ticket: 1, title: s.title, display_title: s.title, docType: s.type, source: s.source, version: s.version, description: s.desc, tags: s.tags, custom_tags: s.custom_tags });
        expect(r.warnings).toEqual([]);
        expect(r.value.source).toBe(s.source);
        counted++;
      }
      for (const [uuid, s] of Object.entries(pj.footprints ?? {})) {
        const r = validateFootprint({ uuid, project_uuid: P, ticket: 1, title: s.title, display_title: s.title, docType: DocType.FOOTPRINT, source: s.source, version: s.version, tags: s.tags, custom_tags: s.custom_tags });
        expect(r.value.title).toBe(s.title);
        counted++;
      }
      const symbols = new Set(Object.keys(pj.symbols ?? {}));
      const footprints = new Set(Object.keys(pj.footprints ?? {}));
      for (const [uuid, d] of Object.entries(pj.devices ?? {})) {
        const r = validateDevice(
          { uuid, project_uuid: P, ticket: 1, title: d.title, display_title: d.title, ...d },
          { symbolExists: (id) => symbols.has(id), footprintExists: (id) => footprints.has(id) },
        );
        expect(r.warnings).toEqual([]);
        counted++;
      }
    }
    expect(counted).toBeGreaterThan(30);
  });
});
