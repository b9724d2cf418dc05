/**
 * Property test of hostile input (issue item 5): mutated fixture archives never make the import throw
 * anything but a CatalogueError, and what it returns is a whole project: every reference inside the
 * ProjectData resolves, every document parses and carries its type marker, progress is complete.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { unzipSync } from 'fflate';
import { CatalogueError, CODE_MESSAGES, NAMED_ERRORS, formatMessage } from '@copperplate/model';
import { mainBlock, parseDocuments, readEpro, eproToProjectData, projectDataToEpro, failureCount, FAILURE_GROUPS, type ProjectData, type ImportResult } from '@copperplate/format';
import { fixtureNames, fixtureBytes } from './fixtures.ts';
import { zip, bytes, text, type Files } from './build.ts';

const originals = fixtureNames().map(fixtureBytes);
const unzipped = originals.map((b) => unzipSync(b));
const stored = unzipped.map((f) => zip(f, 0));
const knownCodes = new Set<string | number>([...Object.keys(NAMED_ERRORS), ...Object.keys(CODE_MESSAGES).map(Number)]);

/** The document has a block opened by its DOCTYPE line of type t, wherever it stands (FORMAT.md). */
function marker(dataStr: string, t: string): boolean {
  return mainBlock(parseDocuments(dataStr), t) !== undefined;
}

/** The invariants of a whole ProjectData. */
function assertWhole(r: ImportResult): void {
  const d: ProjectData = r.data;
  expect(r.progress.done).toBe(r.progress.total);
  expect(r.ok).toBe(failureCount(r.failures) === 0);
  for (const g of FAILURE_GROUPS) for (const f of r.failures[g]) expect(typeof f.message === 'string' && f.message.length > 0).toBe(true);
  const sch = new Map(d.schematics.map((s) => [s.uuid, s]));
  for (const s of d.sheets) {
    expect(sch.get(s.schematic_uuid)?.sort).toContain(s.uuid);
    expect(marker(s.dataStr, 'SCH')).toBe(true);
  }
  const symbols = new Set(d.symbols.map((s) => s.uuid));
  const footprints = new Set(d.footprints.map((s) => s.uuid));
  for (const s of d.symbols) expect(marker(s.dataStr, 'SYMBOL')).toBe(true);
  for (const s of d.footprints) expect(marker(s.dataStr, 'FOOTPRINT')).toBe(true);
  for (const p of d.pcbs) expect(marker(p.dataStr, 'PCB')).toBe(true);
  for (const p of d.panels) expect(marker(p.dataStr, 'PANEL')).toBe(true);
  // a device's symbol and footprint are imported, or the device is reported as a system-library one
  const system = new Set(r.warnings.Device.map((w) => w.message));
  for (const v of d.devices) {
    const sym = String(v.attributes.Symbol);
    expect(symbols.has(sym) || system.has(formatMessage(NAMED_ERRORS.SYSTEM_LIBRARY_SYMBOL, { id: sym }))).toBe(true);
    const fp = v.attributes.Footprint;
    if (typeof fp === 'string' && fp !== '') expect(footprints.has(fp) || system.has(formatMessage(NAMED_ERRORS.SYSTEM_LIBRARY_FOOTPRINT, { id: fp }))).toBe(true);
  }
  const pcbs = new Set(d.pcbs.map((p) => p.uuid));
  for (const c of [...d.coppers, ...d.fonts]) {
    expect(pcbs.has(c.path.slice(0, c.path.indexOf('_')))).toBe(true);
  }
  for (const b of d.boards) {
    expect(b.sch === '' || sch.has(b.sch)).toBe(true);
    expect(b.pcb === '' || pcbs.has(b.pcb)).toBe(true);
  }
}

/** Import; a refusal must be a CatalogueError with a catalogue code. */
function importOrRefuse(b: Uint8Array): ImportResult | null {
  try {
    return eproToProjectData(readEpro(b, { name: 'mutated.epro' }));
  } catch (e) {
    if (!(e instanceof CatalogueError)) throw e;
    expect(knownCodes.has(e.code)).toBe(true);
    return null;
  }
}

type ByteMutation =
  | { kind: 'flip'; pos: number; bit: number }
  | { kind: 'set'; pos: number; value: number; len: number }
  | { kind: 'truncate'; pos: number }
  | { kind: 'delete'; pos: number; len: number }
  | { kind: 'insert'; pos: number; add: Uint8Array };

const byteMutation: fc.Arbitrary<ByteMutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), pos: fc.nat(), bit: fc.nat(7) }),
  fc.record({ kind: fc.constant('set' as const), pos: fc.nat(), value: fc.nat(255), len: fc.integer({ min: 1, max: 64 }) }),
  fc.record({ kind: fc.constant('truncate' as const), pos: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pos: fc.nat(), len: fc.integer({ min: 1, max: 512 }) }),
  fc.record({ kind: fc.constant('insert' as const), pos: fc.nat(), add: fc.uint8Array({ minLength: 1, maxLength: 64 }) }),
);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) (out.set(p, o), (o += p.length));
  return out;
}

function applyBytes(src: Uint8Array, ms: ByteMutation[]): Uint8Array {
  let b: Uint8Array = src.slice();
  for (const m of ms) {
    const p = m.pos % Math.max(1, b.length);
    if (m.kind === 'flip') b[p] ^= 1 << m.bit;
    else if (m.kind === 'set') b.fill(m.value, p, p + m.len);
    else if (m.kind === 'truncate') b = b.slice(0, p);
    else if (m.kind === 'delete') b = concat(b.subarray(0, p), b.subarray(p + m.len));
    else b = concat(b.subarray(0, p), m.add, b.subarray(p));
  }
  return b;
}

type EntryMutation =
  | { kind: 'drop'; entry: number }
  | { kind: 'corrupt'; entry: number; pos: number; ch: string }
  | { kind: 'cut'; entry: number; pos: number }
  | { kind: 'rename'; entry: number; name: string }
  | { kind: 'json'; key: number; sub: number; value: unknown }
  | { kind: 'dupline'; entry: number; pos: number };

const entryMutation: fc.Arbitrary<EntryMutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), entry: fc.nat() }),
  fc.record({ kind: fc.constant('corrupt' as const), entry: fc.nat(), pos: fc.nat(), ch: fc.constantFrom('[', ']', ',', '"', '\u0000', '\n', '\n\n', 'x', '{', '9') }),
  fc.record({ kind: fc.constant('cut' as const), entry: fc.nat(), pos: fc.nat() }),
  fc.record({ kind: fc.constant('rename' as const), entry: fc.nat(), name: fc.constantFrom('../x.esch', 'SYMBOL/zz.esym', 'PCB/a.epcb', 'POUR/@@@.ecop', 'FONT/' + btoa('nope_0') + '.efon', 'BLOB/b.eblob', 'project.json', 'device.json') }),
  fc.record({ kind: fc.constant('json' as const), key: fc.nat(), sub: fc.nat(), value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined)) }),
  fc.record({ kind: fc.constant('dupline' as const), entry: fc.nat(), pos: fc.nat() }),
);

function applyEntries(src: Files, ms: EntryMutation[]): Files {
  const f: Files = { ...src };
  const names = () => Object.keys(f).filter((k) => !k.endsWith('/'));
  for (const m of ms) {
    if (m.kind === 'json') {
      let o: Record<string, any>;
      try {
        o = JSON.parse(text(f['project.json'] ?? bytes('{}')));
      } catch {
        continue;
      }
      if (o === null || typeof o !== 'object') continue;
      const keys = Object.keys(o);
      if (keys.length === 0) continue;
      const k = keys[m.key % keys.length];
      const inner = o[k];
      if (inner && typeof inner === 'object' && !Array.isArray(inner) && Object.keys(inner).length > 0) {
        const ik = Object.keys(inner)[m.sub % Object.keys(inner).length];
        if (m.value === undefined) delete inner[ik];
        else inner[ik] = m.value;
      } else if (m.value === undefined) delete o[k];
      else o[k] = m.value;
      f['project.json'] = bytes(JSON.stringify(o));
      continue;
    }
    const ns = names();
    if (ns.length === 0) continue;
    const name = ns[m.entry % ns.length];
    const t = text(f[name]);
    if (m.kind === 'drop') delete f[name];
    else if (m.kind === 'corrupt') {
      const p = m.pos % Math.max(1, t.length);
      f[name] = bytes(t.slice(0, p) + m.ch + t.slice(p + 1));
    } else if (m.kind === 'cut') f[name] = bytes(t.slice(0, m.pos % Math.max(1, t.length)));
    else if (m.kind === 'rename') {
      f[m.name] = f[name];
      delete f[name];
    } else {
      const lines = t.split('\n');
      const i = m.pos % lines.length;
      lines.splice(i, 0, lines[i]);
      f[name] = bytes(lines.join('\n'));
    }
  }
  return f;
}

describe('property: mutated fixture archives', () => {
  it('[IMP-2][IMP-9] byte mutations of the archives: a CatalogueError refusal or a whole ProjectData', () => {
    const sources = [...originals, ...stored];
    const tally = { refused: 0, ok: 0, partial: 0 };
    fc.assert(
      fc.property(fc.nat(sources.length - 1), fc.array(byteMutation, { minLength: 1, maxLength: 3 }), (which, ms) => {
        const r = importOrRefuse(applyBytes(sources[which], ms));
        if (r === null) tally.refused++;
        else {
          assertWhole(r);
          tally[r.ok ? 'ok' : 'partial']++;
        }
      }),
      { numRuns: 1200 },
    );
    expect(tally.refused).toBeGreaterThan(0);
    expect(tally.ok + tally.partial).toBeGreaterThan(0);
  }, 300_000); // six real fixtures up to 0.5 MB, on a shared machine

  it('[IMP-2][IMP-3][IMP-4][IMP-6] entry and project.json mutations: a refusal or a whole ProjectData that exports and imports again without failure', () => {
    const tally = { refused: 0, ok: 0, partial: 0 };
    fc.assert(
      fc.property(fc.nat(unzipped.length - 1), fc.array(entryMutation, { minLength: 1, maxLength: 4 }), fc.boolean(), (which, ms, reexport) => {
        const r = importOrRefuse(zip(applyEntries(unzipped[which], ms), 0));
        if (r === null) return void tally.refused++;
        assertWhole(r);
        tally[r.ok ? 'ok' : 'partial']++;
        if (reexport) {
          // Whole: its own export imports again with nothing further lost. What failed is kept (its
          // file and project.json entry), so the same failures come back, and nothing new but
          // references (IMP-5) of kept sheets/PCBs to items that failed the first time.
          const again = eproToProjectData(projectDataToEpro(r.data));
          const first = new Set(FAILURE_GROUPS.flatMap((g) => r.failures[g].map((x) => `${g}\u0000${x.name}\u0000${x.message}`)));
          for (const g of FAILURE_GROUPS) {
            for (const x of again.failures[g]) {
              if (first.has(`${g}\u0000${x.name}\u0000${x.message}`)) continue;
              expect([NAMED_ERRORS.ILLEGAL_DEVICE_ID, NAMED_ERRORS.ILLEGAL_SYMBOL_ID, NAMED_ERRORS.ILLEGAL_FOOTPRINT_ID]).toContain(x.message);
            }
          }
          for (const k of ['schematics', 'sheets', 'pcbs', 'panels', 'symbols', 'footprints', 'devices', 'coppers', 'fonts', 'blobs', 'boards'] as const) {
            expect(again.data[k].length, k).toBe(r.data[k].length);
          }
        }
      }),
      { numRuns: 400 },
    );
    expect(tally.partial).toBeGreaterThan(0);
  }, 300_000); // six real fixtures up to 0.5 MB, on a shared machine
});
