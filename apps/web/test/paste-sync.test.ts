/**
 * [issue-11] The web app's project session (engine-session.ts) and its paste (paste.ts) against the
 * real server on loopback: one page (one sync engine, one IndexedDB) opens project A, copies a page
 * to the clipboard, closes A, opens B and pastes the page with the device and symbol it uses. Every
 * item the page then shows as saved is on the server with the content it shows, and a second
 * browser opening B finds the symbol. Real HTTP, real dexie code (over fake-indexeddb), real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '@copperplate/server';
import { CookieJar, FakeClock, HttpTransport, type Kind } from '@copperplate/sync';
import { copyPageToClipboard, pastePage } from '../src/project/paste.ts';
import type { ProjectSession, ViewKind } from '../src/project/types.ts';
import { flush, page, saved } from './lib/browser.ts';

const text = (...recs: unknown[][]) => [['DOCTYPE', 'SCH', '1.1'], ['HEAD', {}], ...recs].map((r) => JSON.stringify(r)).join('\n');

let server: RunningServer;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cp-paste-'));
  server = await startServer({ port: 0, dataDir: dir, logger: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function login(user: string, signup: boolean): Promise<HttpTransport> {
  const t = new HttpTransport({ baseUrl: server.url, cookies: new CookieJar() });
  const r = signup ? await t.signup(user, 'paste-password-1') : await t.login(user, 'paste-password-1');
  if (!r.success) throw new Error(r.message);
  return t;
}

/** What the page shows as saved, compared with what the server holds. */
async function shownButNotStored(http: HttpTransport, s: ProjectSession): Promise<string[]> {
  const out: string[] = [];
  const { items } = s.snapshot();
  for (const [kind, map] of Object.entries(items) as [ViewKind, Map<string, Record<string, unknown>>][]) {
    for (const [id, it] of map) {
      const r = await http.read(s.uuid, kind as Kind, [id]);
      const d = r.success ? r.result[0] : undefined;
      if (!d) out.push(`${kind}/${id} shown saved, not on the server`);
      else if (d.ticket !== it.ticket || d.dataStr !== it.dataStr) out.push(`${kind}/${id} differs: ticket ${String(d.ticket)} vs ${String(it.ticket)}`);
    }
  }
  return out;
}

describe('[issue-11] paste from another project in one page', () => {
  it('the pasted page, its device and its symbol are on the server once the page shows saved; another browser sees them', async () => {
    const clock = new FakeClock(1_700_000_000_000, flush);
    const http = await login(`paste${Date.now().toString(36)}`, true);
    const mk = async (title: string) => { const r = await http.createProject(title); if (!r.success) throw new Error(r.message); return r.result.uuid; };
    const A = await mk('Source');
    const B = await mk('Target');
    const p = await page(http, clock);

    // Project A: a schematic with a page that places a device of symbol Y.
    const a = await p.open(A);
    await a.edit('symbols', { uuid: 'symY', title: 'Y', display_title: 'Y', docType: 2, dataStr: '["DOCTYPE","SYMBOL","1.1"]' });
    await a.edit('devices', { uuid: 'devY', title: 'DY', display_title: 'DY', attributes: { Symbol: 'symY' } });
    await a.edit('schematics', { uuid: 'schA', name: 'SA', display_name: 'SA', sort: ['pageA'] });
    await a.edit('sheets', { uuid: 'pageA', schematic_uuid: 'schA', title: 'P1', display_title: 'P1', sheet_id: 1, dataStr: text(['ATTR', 'e1', 'e0', 'Device', 'devY', 0, 0, 0, 0, 0, 'st', 0], ['ATTR', 'e2', 'e0', 'Symbol', 'symY', 0, 0, 0, 0, 0, 'st', 0]) });
    await saved(clock, a);
    copyPageToClipboard(a, 'pageA');
    await a.close();

    // Project B, same page: a schematic, then the paste.
    const b = await p.open(B);
    await b.edit('schematics', { uuid: 'schB', name: 'SB', display_name: 'SB', sort: [] });
    await saved(clock, b);
    const pasted = await pastePage(b, 'schB', () => {});
    await saved(clock, b);
    expect([...b.snapshot().items.symbols.keys()]).toEqual(['symY']);
    expect(await shownButNotStored(http, b)).toEqual([]);

    // A second browser opens B: the page and the symbol it uses are there.
    const other = await page(http, clock); // another browser of the same user: own IndexedDB
    const b2 = await other.open(B);
    expect(b2.snapshot().items.sheets.has(pasted)).toBe(true);
    expect(b2.snapshot().items.symbols.get('symY')?.dataStr).toBe('["DOCTYPE","SYMBOL","1.1"]');
    expect(b2.snapshot().items.devices.has('devY')).toBe(true);
    await b.close(); await b2.close();
    p.engine.dispose(); other.engine.dispose();
  }, 120_000);

  it('[SYNC-9] the app\'s paste suspends sync while it writes, then resumes it and forces a sync', async () => {
    const clock = new FakeClock(1_700_000_000_000, flush);
    const http = await login(`sync9${Date.now().toString(36)}`, true);
    const r = await http.createProject('Nine');
    if (!r.success) throw new Error(r.message);
    const P = r.result.uuid;
    const p = await page(http, clock);
    const s = await p.open(P);
    await s.edit('symbols', { uuid: 'symQ', title: 'Q', display_title: 'Q', docType: 2, dataStr: '["DOCTYPE","SYMBOL","1.1"]' });
    await s.edit('schematics', { uuid: 'schN', name: 'SN', display_name: 'SN', sort: ['pageN'] });
    await s.edit('sheets', { uuid: 'pageN', schematic_uuid: 'schN', title: 'P1', display_title: 'P1', sheet_id: 1, dataStr: text(['ATTR', 'e2', 'e0', 'Symbol', 'symQ', 0, 0, 0, 0, 0, 'st', 0]) });
    await saved(clock, s);
    copyPageToClipboard(s, 'pageN');
    const syncer = p.engine.session(P)!.syncer;
    const during: boolean[] = [];
    const order: string[] = [];
    const edit = s.edit.bind(s);
    s.edit = async (kind, item) => { during.push(syncer.isSuspended); order.push('write'); return edit(kind, item); };
    p.engine.events.on('project-synced', (e) => { if (e.project === P) order.push('sync'); });
    await pastePage(s, 'schN', () => {});
    expect(during.length).toBeGreaterThan(0);
    expect(during.every(Boolean)).toBe(true); // suspended for every write of the paste
    expect(syncer.isSuspended).toBe(false);
    // no sync between the paste's first and last write, and the forced one right after it
    const first = order.indexOf('write'), last = order.lastIndexOf('write');
    expect(order.slice(first, last + 1).includes('sync')).toBe(false);
    expect(order.slice(last + 1)).toContain('sync');
    await s.close();
    p.engine.dispose();
  }, 120_000);
});
