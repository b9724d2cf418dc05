/** The web app at / (SPA fallback, CSP on every response) and the demo project of `npm start`. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eproToProjectData, readEpro } from '@copperplate/format';
import { startServer, type RunningServer } from '../src/index.ts';
import { CSP } from '../src/app.ts';
import { DEMO_TITLE, DEMO_USER, demoEpro, seedDemo } from '../src/demo.ts';
import { storage } from './helpers.ts';
import { Client } from './client.ts';

describe('web app and demo (PGlite)', () => {
  let s: RunningServer;
  let st: Awaited<ReturnType<typeof storage>>;
  const web = mkdtempSync(join(tmpdir(), 'cp-web-'));
  beforeAll(async () => {
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Copperplate</title><script type="module" src="/assets/app.js"></script>');
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');
    st = await storage('pglite');
    s = await startServer({ port: 0, dataDir: st.dataDir, webDir: web });
  });
  afterAll(async () => {
    await s?.close();
    await st?.cleanup();
    rmSync(web, { recursive: true, force: true });
  });

  it('serves the web app at / with SPA fallback; unknown /api routes answer a 404 envelope; CSP everywhere', async () => {
    for (const path of ['/', '/projects/abc/sheet/1']) {
      const r = await fetch(s.url + path);
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('<title>Copperplate</title>');
      expect(r.headers.get('content-security-policy')).toBe(CSP);
    }
    const js = await fetch(s.url + '/assets/app.js');
    expect(js.headers.get('content-type')).toContain('javascript');
    writeFileSync(join(web, 'assets', 'late.js'), 'console.log(2)'); // a rebuild while the server runs
    expect(await (await fetch(s.url + '/assets/late.js')).text()).toBe('console.log(2)');
    const api = await fetch(s.url + '/api/nothing');
    expect(api.status).toBe(404);
    expect(((await api.json()) as { code: number }).code).toBe(4040001);
    expect(CSP).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('the demo .epro imports without failures; seeding is idempotent', async () => {
    const r = eproToProjectData(readEpro(demoEpro()));
    expect(r.ok).toBe(true);
    expect([r.data.sheets.length, r.data.pcbs.length, r.data.boards.length]).toEqual([1, 1, 1]);
    const id = await seedDemo(s.url);
    expect(await seedDemo(s.url)).toBe(id);
    const c = new Client(s.url);
    expect((await c.login(DEMO_USER.username, DEMO_USER.password)).code).toBe(0);
    const d = await c.get<{ title: string; boards: unknown[] }>(`/api/projects/${id}`);
    expect(d.result).toMatchObject({ title: DEMO_TITLE });
    expect(d.result!.boards.length).toBe(1);
  });
});
