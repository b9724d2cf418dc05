/**
 * Front-panel outputs through the API (issue 19): real server on loopback (PGlite and PostgreSQL),
 * a project with a panel imported, its DXF read back by dxf-parser, its SVGs; an unknown panel is a
 * catalogue error. Panel: packages/format/test/panel-fixtures.ts (after EasyEDA's published examples).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import DxfParser from 'dxf-parser';
import { BACKENDS, postgresAvailable, testServer } from './helpers.ts';
import { Client } from './client.ts';
import { PANEL_EPAN } from '../../../packages/format/test/panel-fixtures.ts';

const PG = await postgresAvailable();

describe.each(BACKENDS)('panel outputs on %s', (backend) => {
  const skip = backend === 'postgres' && !PG;
  let s: Awaited<ReturnType<typeof testServer>>;
  let a: Client;
  let uuid = '';
  beforeAll(async () => {
    if (skip) return;
    s = await testServer(backend);
    a = await new Client(s.url).signup('paneller');
    const pj = { schematics: {}, pcbs: {}, panels: { pan1: 'Front' }, symbols: {}, footprints: {}, devices: {}, boards: {}, config: {} };
    const imp = await a.call<{ uuid: string }>('POST', '/api/projects/import?name=panel.epro', zipSync({ 'project.json': strToU8(JSON.stringify(pj)), 'PANEL/pan1.epan': strToU8(PANEL_EPAN) }));
    expect(imp.code, imp.message).toBe(0);
    uuid = imp.result!.uuid;
  });
  afterAll(async () => {
    await s?.stop();
  });

  it.skipIf(skip)('[issue-19] the DXF of a panel (read back by dxf-parser), its cutter SVG and drawing; an unknown panel is refused', async () => {
    const res = await a.raw('GET', `/api/projects/${uuid}/panel?panel=Front&kind=dxf`);
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain('Front.dxf');
    const dxf = new DxfParser().parseSync(await res.text())!;
    expect(dxf.entities.filter((e) => e.layer === 'OUTLINE')).toHaveLength(1);
    expect(dxf.entities.filter((e) => e.layer === 'CUT')).toHaveLength(4);
    const svg = await a.raw('GET', `/api/projects/${uuid}/panel?kind=cut-svg`);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect((await svg.text()).match(/stroke="#ff0000"/g)).toHaveLength(5);
    const drawing = await (await a.raw('GET', `/api/projects/${uuid}/panel?kind=drawing-svg`)).text();
    expect(drawing).toContain('100.00 mm');
    const pdf = await a.raw('GET', `/api/projects/${uuid}/panel?kind=drawing-pdf`);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const pdfText = new TextDecoder('latin1').decode(await pdf.arrayBuffer());
    expect(pdfText.startsWith('%PDF-')).toBe(true);
    expect(pdfText).toContain('(100.00 mm) Tj');
    const bad = await a.raw('GET', `/api/projects/${uuid}/panel?panel=nope`);
    const body = await bad.json() as { code: number; message: string };
    expect(body.code).toBe(1000010);
    expect(body.message).toContain('nope');
  });

  it.skipIf(skip)('[issue-19] panel parts (PANEL_LIB) in the personal and team libraries: saved, listed by type 26, read back; a stranger sees neither', async () => {
    const part = PANEL_EPAN.replace(/^\["DOCTYPE","PANEL"/m, '["DOCTYPE","PANEL_LIB"');
    const mine = await a.post<{ uuid: string }>('/api/components/update-canvas', { docType: 26, title: 'Knob 6mm', dataStr: part });
    expect(mine.code, mine.message).toBe(0);
    const team = (await a.post<{ uuid: string }>('/api/teams', { name: 'PanelTeam' })).result!.uuid;
    const mate = await new Client(s.url).signup('panelmate');
    expect((await a.post(`/api/teams/${team}/members`, { username: 'panelmate', role: 'member' })).code).toBe(0);
    const shared = await a.post<{ uuid: string }>('/api/components/update-canvas', { docType: 26, title: 'Display cut-out', dataStr: part, owner: 1, team_uuid: team });
    expect(shared.code, shared.message).toBe(0);
    const list = async (c: Client) => ((await c.post<{ items: { uuid: string; title: string; type: number }[] }>('/api/components/search', { q: '', type: 26, owner: [0, 1] })).result?.items ?? []);
    const own = await list(a);
    expect(own.map((i) => i.title).sort()).toEqual(['Display cut-out', 'Knob 6mm']);
    expect(own.every((i) => i.type === 26)).toBe(true);
    expect((await list(mate)).map((i) => i.title)).toEqual(['Display cut-out']);
    const stranger = await new Client(s.url).signup('panelstranger');
    expect(await list(stranger)).toEqual([]);
    const back = await a.post<{ dataStr: string }[]>('/api/components/search-by-ids', { uuids: [mine.result!.uuid], dataStr: 'yes' });
    expect(back.result![0].dataStr).toBe(part);
    expect((await a.post('/api/components/search', { q: '', type: 5 })).code).not.toBe(0);
  });
});
