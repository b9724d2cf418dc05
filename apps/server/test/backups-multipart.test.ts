/**
 * [issue-17] The multipart backups and archive calls of SPEC §7 through the sync client's transport
 * (HttpTransport: the web app's): an `upload` part (the client's .epro of the project) is what is
 * stored and restored; without it the cloud copy is. Real server (PGlite), real archive.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eproToProjectData, readEpro } from '@copperplate/format';
import { CookieJar, HttpTransport, type Answer } from '@copperplate/sync';

function ok<T>(a: Answer<T>): T {
  if (!a.success) throw new Error(a.message);
  return a.result;
}
import { testServer } from './helpers.ts';

const FIXTURE = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'epro', 'STM32G431-mini.epro'));

describe('multipart backups and archive', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let t: HttpTransport;
  beforeAll(async () => {
    s = await testServer('pglite');
    t = new HttpTransport({ baseUrl: s.url, cookies: new CookieJar() });
    expect((await t.signup('multi', 'multipart-pass-1')).success).toBe(true);
  });
  afterAll(async () => { await s?.stop(); });

  it('[issue-17] the upload part is what a backup and an archive store; a backup without it stores the cloud copy', async () => {
    const p = ok(await t.createProject('Target'));
    const fixture = eproToProjectData(readEpro(FIXTURE)).data;
    const fields = { project_uuid: p.uuid, auto: 'NO' as const, name: 'from file', description: 'client copy', ticket: 1, path: '' };
    const up = await t.backup(p.uuid, fields, undefined, new Uint8Array(FIXTURE));
    expect(up.success).toBe(true);
    const cloud = await t.backup(p.uuid, { ...fields, name: 'from cloud' });
    expect(cloud.success).toBe(true);
    const ar = await t.archive(p.uuid, { name: 'archived file', description: '' }, new Uint8Array(FIXTURE));
    expect(ar.success).toBe(true);
    const list = ok(await t.call<Array<{ id: string; name: string }>>('GET', `/api/projects/${p.uuid}/backups`, { project: p.uuid }));
    const archives = ok(await t.call<Array<{ id: string; name: string }>>('GET', `/api/projects/${p.uuid}/archives`, { project: p.uuid }));
    const detail = async (id: string) => ok(await t.call<{ counts: Record<string, number> }>('GET', `/api/projects/${p.uuid}/backups/${id}`, { project: p.uuid }));
    const byName = (n: string) => [...list, ...archives].find((b) => b.name === n)!.id;
    expect((await detail(byName('from file'))).counts.sheets).toBe(fixture.sheets.length);
    expect((await detail(byName('archived file'))).counts.sheets).toBe(fixture.sheets.length);
    expect((await detail(byName('from cloud'))).counts.sheets).toBe(1); // the new project's P1
    // restored: the uploaded file's documents, byte for byte
    const restored = ok(await t.call<{ uuid: string }>('POST', `/api/projects/${p.uuid}/backups/${byName('from file')}/restore`, { project: p.uuid }));
    const read = await t.read(restored.uuid, 'sheets', fixture.sheets.map((x) => x.uuid));
    expect(read.success && read.result.map((x) => x.dataStr).sort()).toEqual(fixture.sheets.map((x) => x.dataStr).sort());
    // a text field named upload is not a file: refused
    const form = new FormData();
    form.set('name', 'bad');
    form.set('upload', 'not a file');
    const res = await fetch(`${s.url}/api/projects/${p.uuid}/backups`, { method: 'POST', body: form, headers: { cookie: t.cookies.header()!, 'x-csrf-token': t.cookies.get('cp_csrf')!, 'x-project-path': p.uuid } });
    expect(((await res.json()) as { code: number }).code).toBe(4000001);
  }, 180_000);
});
