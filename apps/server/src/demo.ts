/**
 * The demo of `npm start`: a small project generated with @copperplate/format (one schematic sheet,
 * one PCB, one board), and the seeding of a running server over HTTP (user demo/demo + the project).
 * Document units: schematic 0.01 inch, PCB 1 mil, Y up (FORMAT.md).
 */
import { emptyProjectData, projectDataToEpro, writeEpro, type ProjectData } from '@copperplate/format';

/** The demo account of `npm start` (its password follows the sign-up rule: 8 characters or more). */
export const DEMO_USER = { username: 'demo', password: 'demo-demo' } as const;
export const DEMO_TITLE = 'Copperplate demo';

const SCHEMATIC = '0a1b2c3d4e5f40718293a4b5c6d7e8f9';
const SHEET = '1a1b2c3d4e5f40718293a4b5c6d7e8f9';
const PCB = '2a1b2c3d4e5f40718293a4b5c6d7e8f9';

const SHEET_TEXT = [
  ['DOCTYPE', 'SCH', '1.1'],
  ['HEAD', { originX: 0, originY: 0, version: '2.0.0', maxId: 6 }],
  ['LINESTYLE', 'st1', null, null, null, null],
  ['FONTSTYLE', 'st2', null, null, null, 12, 0, 0, 0, 0, null, null],
  ['RECT', 'e1', -50, 150, 450, -200, 0, 0, 0, 'st1', 0],
  ['TEXT', 'e2', 0, 100, 0, 'Copperplate demo: edit me', 'st2', 0],
  ['WIRE', 'e3', [[0, 0, 200, 0]], 'st1', 0],
  ['WIRE', 'e4', [[200, 0, 200, -100]], 'st1', 0],
  ['ATTR', 'e5', 'e3', 'NET', 'SIGNAL', 0, 1, 100, 10, 0, 'st2', 0],
  ['CIRCLE', 'e6', 200, -100, 10, 'st1', 0],
].map((r) => JSON.stringify(r)).join('\n');

const PCB_TEXT = [
  ['DOCTYPE', 'PCB', '1.8'],
  ['HEAD', { editorVersion: '2.2.0' }],
  ['LAYER', 1, 'TOP', 'Top Layer', 3, '#ff0000', 1, '#7f0000', 1],
  ['LAYER', 2, 'BOTTOM', 'Bottom Layer', 3, '#0000ff', 1, '#00007f', 1],
  ['LAYER', 11, 'OUTLINE', 'Board Outline Layer', 3, '#ff00ff', 1, '#7f007f', 1],
  ['NET', 'SIGNAL', null, null],
  ['POLY', 'e1', 0, '', 11, 10, [0, 0, 'L', 2000, 0, 2000, 1500, 0, 1500, 0, 0], 0],
  ['LINE', 'e2', 0, 'SIGNAL', 1, 300, 300, 1500, 300, 10, 0],
  ['LINE', 'e3', 0, 'SIGNAL', 1, 1500, 300, 1500, 1100, 10, 0],
  ['VIA', 'e4', 0, 'SIGNAL', '', 1500, 1100, 12, 24, 0, null, null, 0],
].map((r) => JSON.stringify(r)).join('\n');

/** The demo project as ProjectData. */
export function demoProjectData(): ProjectData {
  const d = emptyProjectData(DEMO_TITLE);
  d.boards = [{ name: 'Board1', sch: SCHEMATIC, pcb: PCB }];
  d.defaultSheet = SHEET;
  d.schematics = [{ uuid: SCHEMATIC, name: 'Schematic1', display_name: 'Schematic1', sort: [SHEET] }];
  d.sheets = [{ uuid: SHEET, schematic_uuid: SCHEMATIC, title: 'Sheet1', display_title: 'Sheet1', sheet_id: 1, dataStr: SHEET_TEXT }];
  d.pcbs = [{ uuid: PCB, title: 'PCB1', display_title: 'PCB1', parent_uuid: '', dataStr: PCB_TEXT }];
  d.projectExtra = { top: {}, config: { title: DEMO_TITLE, editorVersion: '2.2.0' }, order: [] };
  return d;
}

/** The demo project as .epro bytes. */
export function demoEpro(): Uint8Array {
  return writeEpro(projectDataToEpro(demoProjectData()));
}

/** Makes sure the demo user exists and owns a demo project; returns the project's uuid. */
export async function seedDemo(baseUrl: string): Promise<string> {
  const cookies = new Map<string, string>();
  const call = async (method: string, path: string, body?: unknown, bytes?: Uint8Array) => {
    const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (cookies.has('cp_csrf')) headers['x-csrf-token'] = cookies.get('cp_csrf')!;
    if (bytes) headers['content-type'] = 'application/octet-stream';
    else if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(baseUrl + path, { method, headers, body: (bytes ?? (body === undefined ? undefined : JSON.stringify(body))) as BodyInit | undefined });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0];
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return (await res.json()) as { code: number; result?: unknown; message?: string };
  };
  let r = await call('POST', '/api/auth/login', DEMO_USER);
  if (r.code !== 0) r = await call('POST', '/api/auth/signup', DEMO_USER);
  if (r.code !== 0) throw new Error(`demo user: ${r.message}`);
  const list = (await call('GET', '/api/projects')).result as Array<{ projectId: string; projectName: string }>;
  const have = list.find((p) => p.projectName === DEMO_TITLE);
  if (have) return have.projectId;
  const imp = await call('POST', `/api/projects/import?name=${encodeURIComponent('demo.epro')}`, undefined, demoEpro());
  if (imp.code !== 0) throw new Error(`demo project: ${imp.message}`);
  return (imp.result as { uuid: string }).uuid;
}
