/**
 * [ERR-2] Two browsers of one project copy the same schematic at the same moment: each names its copy
 * `Schematic1_1` (free in what it has), the server takes the first and refuses the second with
 * 1000001 (Library duplicate name), and the second browser's upload renames its copy `Schematic1_1_1` (NAME-2: the suffix goes on the refused name)
 * and sends it again until none is refused. Both end saved, with the names the server holds. Real
 * server on loopback, the web app's session and copy (copy.ts) over dexie on fake-indexeddb.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '@copperplate/server';
import { CODES } from '@copperplate/model';
import { FakeClock } from '@copperplate/sync';
import { copySchematic } from '../src/project/copy.ts';
import { browser, flush, saved, until } from './lib/browser.ts';

let server: RunningServer;
let dir = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cp-dupname-'));
  server = await startServer({ port: 0, dataDir: dir, logger: false });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('duplicate schematic names', () => {
  it('[ERR-2] a schematic refused for its name (1000001) is renamed and sent again until the server takes it', async () => {
    const clock = new FakeClock(1_700_000_000_000, flush);
    const a = await browser(server.url, 'dupname', 'dupname-password-1', true, clock);
    const created = await a.http.createProject('Names');
    if (!created.success) throw new Error(created.message);
    const uuid = created.result.uuid;
    const sch = String((created.result.boards as Array<{ sch: string }>)[0].sch);
    const b = await browser(server.url, 'dupname', 'dupname-password-1', false, clock);
    const sa = await a.open(uuid);
    const sb = await b.open(uuid);

    // the server itself refuses a second schematic of a name the project has
    const direct = await a.http.bulk(uuid, 'schematics', [{ uuid: 'DUPNAMEDIRECT0000000000000000001', name: 'Schematic1', display_name: 'Schematic1', sort: [], base_ticket: 0 }], 'dup-direct-1');
    expect(direct.success && direct.result[0].code).toBe(CODES.LIBRARY_DUPLICATE_NAME);

    const [ca, cb] = await Promise.all([copySchematic(sa, sch), copySchematic(sb, sch)]);
    await until(() => sa.snapshot().items.schematics.has(ca) && sb.snapshot().items.schematics.has(cb));
    expect(sa.snapshot().items.schematics.get(ca)!.name).toBe('Schematic1_1');
    expect(sb.snapshot().items.schematics.get(cb)!.name).toBe('Schematic1_1');
    await saved(clock, sa);
    await saved(clock, sb);

    // on the server: two copies with distinct names, each as its browser shows it
    const read = await a.http.read(uuid, 'schematics', [ca, cb]);
    if (!read.success) throw new Error(read.message);
    const names = new Map(read.result.map((x) => [String(x.uuid), String(x.name)]));
    expect([...names.values()].sort()).toEqual(['Schematic1_1', 'Schematic1_1_1']);
    await until(() => sa.snapshot().items.schematics.get(ca)?.name === names.get(ca) && sb.snapshot().items.schematics.get(cb)?.name === names.get(cb));
    expect(sb.snapshot().items.schematics.get(cb)!.display_name).toBe(names.get(cb));
    await sa.close();
    await sb.close();
  }, 180_000);
});
