import { describe, it, expect } from 'vitest';
import { deflateSync, inflateSync } from 'fflate';
import { CatalogueError, NAMED_ERRORS, CODE_MESSAGES, formatMessage, ARCHIVE_LIMITS, DOCUMENT_MAX_BYTES } from '@copperplate/model';
import { readEpro, eproToProjectData, listZip, type ImportResult } from '@copperplate/format';
import { fixtureFiles, zip, bytes, text, editJson, find } from './build.ts';
import { fixtureBytes } from './fixtures.ts';

function refusal(f: () => unknown): CatalogueError {
  try {
    f();
  } catch (e) {
    if (e instanceof CatalogueError) return e;
    throw e;
  }
  throw new Error('not refused');
}
const importBytes = (b: Uint8Array): ImportResult => eproToProjectData(readEpro(b, { name: 't.epro' }));
const timed = <T>(f: () => T): [T, number] => {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
};

describe('hostile archives', () => {
  for (const name of ['../evil.esch', 'SHEET/../../evil.esch', '/etc/passwd', 'C:/Windows/x.esch', 'SYMBOL\\..\\x.esym', 'SYMBOL/a\u0001b.esym']) {
    it(`[IMP-9] refuses the entry name ${JSON.stringify(name)}: ZIP not conforming`, () => {
      const files = fixtureFiles();
      files[name] = bytes('["DOCTYPE","SCH","1.1"]');
      expect(refusal(() => readEpro(zip(files))).message).toBe(NAMED_ERRORS.ZIP_NOT_CONFORMING);
    });
  }

  it('[IMP-9] refuses an over-long entry name', () => {
    const files = fixtureFiles();
    files['SYMBOL/' + 'a'.repeat(ARCHIVE_LIMITS.MAX_NAME_BYTES) + '.esym'] = bytes('[]');
    expect(refusal(() => readEpro(zip(files))).message).toBe(NAMED_ERRORS.ZIP_NOT_CONFORMING);
  });

  it('[IMP-9] refuses tens of thousands of entries before inflating any, fast', () => {
    const files: Record<string, Uint8Array> = { 'project.json': bytes('{"boards":{}}') };
    for (let i = 0; i < ARCHIVE_LIMITS.MAX_ENTRIES + 5000; i++) files[`BLOB/${i}.eblob`] = new Uint8Array(0);
    const z = zip(files);
    const [e, ms] = timed(() => refusal(() => readEpro(z)));
    expect(e.message).toBe(NAMED_ERRORS.ZIP_NOT_CONFORMING);
    expect(ms).toBeLessThan(1500);
  });

  it('[IMP-9] refuses a zip bomb whose header admits its size (declared ratio), before inflating', () => {
    const bomb = deflateSync(new Uint8Array(16 * 1024 * 1024), { level: 9 });
    expect(bomb.length * ARCHIVE_LIMITS.MAX_RATIO).toBeLessThan(16 * 1024 * 1024);
    const files = { 'project.json': bytes('{"boards":{}}'), 'BLOB/x.eblob': new Uint8Array(16 * 1024 * 1024) };
    const z = zip(files, 6);
    const [e, ms] = timed(() => refusal(() => readEpro(z)));
    expect(e.message).toBe(NAMED_ERRORS.ZIP_NOT_CONFORMING);
    expect(ms).toBeLessThan(1000);
  });

  it('[IMP-9] stops inflating a zip bomb whose header lies about its size, while inflating', () => {
    const real = 64 * 1024 * 1024;
    const files = { 'project.json': bytes('{"boards":{}}'), 'BLOB/x.eblob': new Uint8Array(real) };
    const z = zip(files, 6);
    // Rewrite the declared uncompressed size (central directory offset 24, local header offset 22) to 1000.
    const dv = new DataView(z.buffer, z.byteOffset, z.byteLength);
    let patched = 0;
    for (let i = 0; i + 4 <= z.length; i++) {
      const sig = dv.getUint32(i, true);
      if (sig === 0x02014b50 && dv.getUint32(i + 24, true) === real) (dv.setUint32(i + 24, 1000, true), patched++);
      if (sig === 0x04034b50 && dv.getUint32(i + 22, true) === real) (dv.setUint32(i + 22, 1000, true), patched++);
    }
    expect(patched).toBe(2);
    const [e] = timed(() => refusal(() => readEpro(z, { name: 'bomb.epro' })));
    expect([NAMED_ERRORS.ZIP_NOT_CONFORMING, formatMessage(NAMED_ERRORS.UNZIP_FAILED, { title: 'bomb.epro' })]).toContain(e.message);
    // It stops after the first small chunk: far less work than inflating the whole 64 MB (same machine, same run).
    const median = (f: () => unknown) => [0, 1, 2].map(() => timed(f)[1]).sort((x, y) => x - y)[1];
    const entry = listZip(z).find((x) => x.name === 'BLOB/x.eblob')!;
    const lo = entry.localOffset;
    const start = lo + 30 + (z[lo + 26] | (z[lo + 27] << 8)) + (z[lo + 28] | (z[lo + 29] << 8));
    const raw = z.subarray(start, start + entry.compressedSize);
    expect(inflateSync(raw).length).toBe(real); // the baseline really inflates everything
    const full = median(() => inflateSync(raw));
    const refused = median(() => refusal(() => readEpro(z)));
    expect(refused).toBeLessThan(full / 3);
  }, 120_000); // it zips and inflates 64 MB five times: 37 s at load 30 (the 30 s default timed out)

  it('[IMP-9] caps the total inflated size of an archive while inflating', () => {
    const files: Record<string, Uint8Array> = { 'project.json': bytes('{"boards":{}}') };
    for (let i = 0; i < 4; i++) files[`BLOB/${i}.eblob`] = new Uint8Array(300_000).fill(65 + i);
    const e = refusal(() => readEpro(zip(files, 6), { limits: { maxTotalBytes: 1_000_000 } }));
    expect(e.message).toBe(NAMED_ERRORS.ZIP_NOT_CONFORMING);
  });

  it('[IMP-9] refuses a zip whose central directory points several entries at one stream, before inflating them (issue 11)', () => {
    const data = deflateSync(bytes('["DOCTYPE","SCH","1.1"]\n' + '["TEXT","x",1,2,0,"abc"]\n'.repeat(2000)));
    const size = 26 * 2001 - 1;
    const enc = new TextEncoder();
    const w16 = (v: number) => [v & 0xff, (v >> 8) & 0xff];
    const w32 = (v: number) => [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >>> 24) & 0xff];
    const local = enc.encode('SHEET/s0.esch');
    const head = [...w32(0x04034b50), ...w16(20), ...w16(0), ...w16(8), ...w16(0), ...w16(0), ...w32(0), ...w32(data.length), ...w32(size), ...w16(local.length), ...w16(0)];
    const parts: number[] = [...head, ...local, ...data];
    const cdStart = parts.length;
    const names = ['project.json', ...Array.from({ length: 25 }, (_, i) => `SHEET/s${i}.esch`)];
    for (const n of names) {
      const nb = enc.encode(n);
      parts.push(...w32(0x02014b50), ...w16(20), ...w16(20), ...w16(0), ...w16(8), ...w16(0), ...w16(0), ...w32(0), ...w32(data.length), ...w32(size), ...w16(nb.length), ...w16(0), ...w16(0), ...w16(0), ...w16(0), ...w32(0), ...w32(0), ...nb);
    }
    const cdSize = parts.length - cdStart;
    parts.push(...w32(0x06054b50), ...w16(0), ...w16(0), ...w16(names.length), ...w16(names.length), ...w32(cdSize), ...w32(cdStart), ...w16(0));
    expect(refusal(() => readEpro(new Uint8Array(parts))).message).toBe(NAMED_ERRORS.ZIP_NOT_CONFORMING);
  });

  it('[IMP-9] a truncated zip cannot be unzipped', () => {
    const b = fixtureBytes('STM32G431-mini.epro');
    for (const cut of [10, 1000, Math.floor(b.length / 2), b.length - 30]) {
      expect(refusal(() => readEpro(b.subarray(0, cut), { name: 'cut.epro' })).message).toBe(formatMessage(NAMED_ERRORS.UNZIP_FAILED, { title: 'cut.epro' }));
    }
  });

  it('[IMP-10] an encrypted zip asks for the password', () => {
    const z = zip({ 'project.json': bytes('{"boards":{}}') });
    const dv = new DataView(z.buffer, z.byteOffset, z.byteLength);
    for (let i = 0; i + 4 <= z.length; i++) if (dv.getUint32(i, true) === 0x02014b50) dv.setUint16(i + 8, 1, true);
    expect(refusal(() => readEpro(z)).message).toBe(NAMED_ERRORS.PASSWORD_REQUIRED);
  });

  it('invalid JSON in project.json refuses the archive; in a document fails only that document', () => {
    const f1 = fixtureFiles();
    f1['project.json'] = bytes('{"schematics": {');
    expect(refusal(() => importBytes(zip(f1))).message).toBe(NAMED_ERRORS.ZIP_NOT_CONFORMING);
    const f2 = fixtureFiles();
    const pcb = find(f2, /^PCB\//);
    f2[pcb] = bytes(text(f2[pcb]).replace('["LAYER",1,', '["LAYER",1,,'));
    const r = importBytes(zip(f2));
    expect(r.ok).toBe(false);
    expect(r.failures.Pcb).toEqual([{ name: expect.any(String), message: NAMED_ERRORS.IMPORT_FORMAT_INCORRECT }]);
    expect(r.data.pcbs).toEqual([]);
    expect(r.failures.Pour[0].message).toBe(NAMED_ERRORS.OWNING_PCB_MISSING);
  });

  it('[VAL-9] a document over 15 MB is refused with 10034; what depends on it fails too', () => {
    const files = fixtureFiles();
    const sym = find(files, /^SYMBOL\//);
    const big = text(files[sym]) + '\n' + `["TEXT","big",0,0,0,"${'x'.repeat(DOCUMENT_MAX_BYTES)}","st1",0]`;
    files[sym] = bytes(big);
    const uuid = sym.slice(7, -5);
    const title = JSON.parse(text(files['project.json'])).symbols[uuid].title;
    const [r, ms] = timed(() => importBytes(zip(files)));
    expect(r.failures.Symbol).toEqual([{ name: title, message: formatMessage(CODE_MESSAGES[10034], { documentName: title }) }]);
    expect(r.data.symbols.some((s) => s.uuid === uuid)).toBe(false);
    expect(r.failures.Device.map((d) => d.message)).toContain(NAMED_ERRORS.DEVICE_SYMBOL_MISSING);
    expect(ms).toBeLessThan(3000);
  });

  it('[VAL-9] an over-long title fails its item with 2003', () => {
    const files = fixtureFiles();
    editJson(files, 'project.json', (o) => {
      const id = Object.keys(o.footprints)[0];
      o.footprints[id].title = 'F'.repeat(200);
    });
    const r = importBytes(zip(files));
    expect(r.failures.Footprint).toEqual([{ name: 'F'.repeat(200), message: formatMessage(CODE_MESSAGES[2003], { documentName: 'Footprint name' }) }]);
  });

  it('[VAL-8] control characters in names are stripped, the import succeeds', () => {
    const files = fixtureFiles();
    let id = '';
    editJson(files, 'project.json', (o) => {
      id = Object.keys(o.symbols)[0];
      o.symbols[id].title = 'Bell\u0007Name\u0000';
      o.config.title = 'Pro\u001bject';
    });
    const r = importBytes(zip(files));
    expect(r.ok).toBe(true);
    expect(r.data.symbols.find((s) => s.uuid === id)!.title).toBe('BellName');
    expect(r.data.title).toBe('Project');
  });

  it('a key "__proto__" in project.json neither pollutes prototypes nor crashes', () => {
    const files = fixtureFiles();
    files['project.json'] = bytes(text(files['project.json']).replace('"boards": {', '"boards": {"__proto__": {"schematic": "x", "pcb": "y"},'));
    const r = importBytes(zip(files));
    expect(({} as Record<string, unknown>).schematic).toBeUndefined();
    expect(r.data.boards.length).toBeGreaterThanOrEqual(1);
    expect(r.data.boards.every((b) => b.sch === '' || r.data.schematics.some((s) => s.uuid === b.sch))).toBe(true);
  });
});
