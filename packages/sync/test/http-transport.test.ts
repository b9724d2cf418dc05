import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { NAMED_ERRORS } from '@copperplate/model';
import { CookieJar, HttpTransport } from '@copperplate/sync';

interface Seen { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer; }

describe('HttpTransport (CALL-1, CALL-2, CALL-3, CALL-7)', () => {
  let server: Server;
  let base = '';
  const seen: Seen[] = [];
  let answer: (req: Seen) => { status: number; body: string; headers?: Record<string, string> } = () => ({ status: 200, body: '{"code":0,"result":{}}' });
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const s: Seen = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) };
        seen.push(s);
        const a = answer(s);
        res.writeHead(a.status, { 'content-type': 'application/json', ...(a.headers ?? {}) });
        res.end(a.body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const addr = server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('[CALL-1][CALL-2] project path header on project calls; CSRF header from the cookie on writes only; X-Request-Id on bulk', async () => {
    const t = new HttpTransport({ baseUrl: base, cookies: new CookieJar() });
    answer = () => ({ status: 200, body: '{"code":0,"result":{"user":{}}}', headers: { 'set-cookie': 'cp_csrf=tok123; Path=/' } });
    await t.login('u', 'p');
    answer = () => ({ status: 200, body: '{"code":0,"result":[]}' });
    seen.length = 0;
    await t.getTickets('PRJ1', -1);
    await t.bulk('PRJ1', 'sheets', [{ uuid: 'a', base_ticket: 0 }], 'rid-1');
    expect(seen[0].url).toBe('/api/projects/PRJ1/ticket?g_ticket=-1');
    expect(seen[0].headers['x-project-path']).toBe('PRJ1');
    expect(seen[0].headers['x-csrf-token']).toBeUndefined();
    expect(seen[1].headers['x-csrf-token']).toBe('tok123');
    expect(seen[1].headers['x-request-id']).toBe('rid-1');
    expect(seen[1].headers.cookie).toContain('cp_csrf=tok123');
    expect(JSON.parse(seen[1].body.toString())).toEqual({ data: [{ uuid: 'a', base_ticket: 0 }] });
  });

  it('[CALL-3] POST bodies over 10000 bytes are gzipped; smaller ones are not', async () => {
    const t = new HttpTransport({ baseUrl: base });
    answer = () => ({ status: 200, body: '{"code":0,"result":[]}' });
    seen.length = 0;
    await t.bulk('P', 'sheets', [{ uuid: 'a', base_ticket: 0, dataStr: 'x'.repeat(20_000) }], 'r');
    await t.bulk('P', 'sheets', [{ uuid: 'a', base_ticket: 0, dataStr: 'x'.repeat(100) }], 'r2');
    expect(seen[0].headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(seen[0].body).toString()).data[0].dataStr).toHaveLength(20_000);
    expect(seen[0].body.length).toBeLessThan(1000);
    expect(seen[1].headers['content-encoding']).toBeUndefined();
  });

  it('[CALL-7] 404, 500, unparseable bodies and network errors resolve as Network Error!; other codes keep code and message', async () => {
    const t = new HttpTransport({ baseUrl: base });
    for (const a of [{ status: 404, body: '{}' }, { status: 500, body: '{"code":0}' }, { status: 200, body: 'not json' }]) {
      answer = () => a;
      expect(await t.getDetail('P')).toEqual({ success: false, message: NAMED_ERRORS.NETWORK_ERROR_ANSWER });
    }
    answer = () => ({ status: 401, body: '{"code":401,"message":"Not logged in yet, please log in and try again"}' });
    expect(await t.getDetail('P')).toEqual({ success: false, code: 401, message: 'Not logged in yet, please log in and try again' });
    answer = () => ({ status: 200, body: '{"code":4000002,"message":"No permission or project does not exist"}' });
    expect(await t.getDetail('P')).toMatchObject({ success: false, code: 4000002 });
    answer = () => ({ status: 200, body: '{"code":0,"result":{"uuid":"P","g_ticket":3}}' });
    expect(await t.getDetail('P')).toEqual({ success: true, result: { uuid: 'P', g_ticket: 3 } });
    const dead = new HttpTransport({ baseUrl: 'http://127.0.0.1:1' });
    expect(await dead.getDetail('P')).toEqual({ success: false, message: NAMED_ERRORS.NETWORK_ERROR_ANSWER });
  });

  it('[FETCH-1] only code 0 is accepted; a JSON answer without a code, or with a code and no message, is \'invalid response\' followed by the body', async () => {
    const t = new HttpTransport({ baseUrl: base });
    answer = () => ({ status: 200, body: '{"result":1}' });
    expect(await t.getDetail('P')).toEqual({ success: false, message: 'invalid response {"result":1}' });
    answer = () => ({ status: 200, body: '{"code":77}' });
    expect(await t.getDetail('P')).toEqual({ success: false, code: 77, message: 'invalid response {"code":77}' });
    answer = () => ({ status: 200, body: '{"code":"0","result":2}' });
    expect(await t.getDetail('P')).toEqual({ success: false, message: 'invalid response {"code":"0","result":2}' });
    answer = () => ({ status: 200, body: '{"code":0,"result":2}' });
    expect(await t.getDetail('P')).toEqual({ success: true, result: 2 });
  });

  it('[issue-17] backups and archive are multipart forms: fields by the form encoding (CALL-4), the project file as part upload, limit only when auto is YES', async () => {
    const t = new HttpTransport({ baseUrl: base });
    answer = () => ({ status: 200, body: '{"code":0,"result":{}}' });
    seen.length = 0;
    const file = new Uint8Array([0x50, 0x4b, 3, 4, 9, 9]);
    await t.backup('P', { project_uuid: 'P', auto: 'YES', name: 'b1', description: 'd', ticket: 7, path: '/x', limit: 10 }, undefined, file);
    await t.backup('P', { project_uuid: 'P', auto: 'NO', name: 'b2', description: '', ticket: 7, path: '', limit: 10 });
    await t.archive('P', { name: 'a1', description: 'kept' }, file);
    const parts = (b: Buffer) => [...b.toString('latin1').matchAll(/name="([^"]+)"(?:; filename="[^"]*")?\r\n(?:Content-Type: [^\r]*\r\n)?\r\n([^\r]*)/g)].map((m) => [m[1], m[2]]);
    expect(seen.map((x) => [x.url, x.headers['content-type']?.split(';')[0]])).toEqual([
      ['/api/projects/P/backups', 'multipart/form-data'], ['/api/projects/P/backups', 'multipart/form-data'], ['/api/projects/P/archive', 'multipart/form-data'],
    ]);
    expect(parts(seen[0].body)).toEqual([['project_uuid', 'P'], ['auto', 'YES'], ['name', 'b1'], ['description', 'd'], ['ticket', '7'], ['path', '/x'], ['limit', '10'], ['upload', Buffer.from(file).toString('latin1')]]);
    expect(parts(seen[1].body).map((p) => p[0])).toEqual(['project_uuid', 'auto', 'name', 'description', 'ticket', 'path']);
    expect(parts(seen[2].body)).toEqual([['project_uuid', 'P'], ['name', 'a1'], ['description', 'kept'], ['upload', Buffer.from(file).toString('latin1')]]);
  });

  it('[CALL-5] a bulk send goes in chunks of 10 (each with its own request id), answers joined in order; over 100 items is refused unsent', async () => {
    const t = new HttpTransport({ baseUrl: base });
    answer = (req) => {
      const data = (JSON.parse(req.body.toString()) as { data: Array<{ uuid: string }> }).data;
      return { status: 200, body: JSON.stringify({ code: 0, result: data.map((d) => ({ success: true, result: { key: d.uuid, ticket: 1 } })) }) };
    };
    seen.length = 0;
    const items = Array.from({ length: 25 }, (_, i) => ({ uuid: `k${i}`, base_ticket: 0 }));
    const a = await t.bulk('P', 'sheets', items, 'rq-1');
    expect(seen.map((x) => [x.headers['x-request-id'], (JSON.parse(x.body.toString()) as { data: unknown[] }).data.length])).toEqual([['rq-1.0', 10], ['rq-1.1', 10], ['rq-1.2', 5]]);
    expect(a.success && a.result.map((r) => r.result?.key)).toEqual(items.map((x) => x.uuid));
    seen.length = 0;
    await t.bulk('P', 'sheets', items.slice(0, 7), 'rq-2');
    expect(seen.map((x) => x.headers['x-request-id'])).toEqual(['rq-2']);
    seen.length = 0;
    const over = await t.bulk('P', 'sheets', Array.from({ length: 101 }, (_, i) => ({ uuid: `o${i}`, base_ticket: 0 })), 'rq-3');
    expect(over.success).toBe(false);
    expect(seen).toEqual([]);
  });
});
