/**
 * The desktop client's local host (issue 17 part 6, build mode CLIENT): an HTTP server on 127.0.0.1
 * that serves the web app, keeps the local database as files (`/CommonDB/*`, file-store.ts), serves
 * the local application interface of SPEC §7 (`/client/*`: openSaveFileDlg, saveFile, uploadFile,
 * onlineBackup, saveAsLocal, status) and passes `/api/*` to the cloud (proxy.ts). Only the page it
 * serves may call it: the Host must be the loopback address, a state-changing call must come from
 * its own origin and carry the client header (a page of another site cannot, without a CORS
 * preflight the host never answers).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { checkProjectPath, exportFileName, sanitizeFileName, EXPORT_EXTENSIONS } from '@copperplate/format';
import { CatalogueError } from '@copperplate/model';
import { COMMON_DB, CLIENT_HEADER, KV_STORES } from '@copperplate/web/desktop/common-db';
import type { Kind, KvStoreName, LocalItem, LockRecord, LogRecord, ProjectMeta } from '@copperplate/sync';
import { FileStore } from './file-store.ts';
import { Cloud } from './proxy.ts';
import { localProjectEpro } from './local-files.ts';

export type DesktopNetwork = 'ONLINE' | 'HALF_OFFLINE' | 'OFFLINE';

export interface DesktopOptions {
  /** 0 = any free port. */
  port: number;
  /** Local files: the database (`store/`) and saved files (`files/`). */
  dataDir: string;
  /** The cloud server's address. */
  cloud: string;
  /** Network mode of the app (MODE-1): ONLINE, HALF_OFFLINE (default: local first) or OFFLINE (the cloud is never called). */
  network?: DesktopNetwork;
  /** The built web app (default apps/web/dist). */
  webDir?: string;
  /** Interval of the network check (GET /api/getOnlineVersion), ms. */
  probeMs?: number;
}

export interface DesktopHost {
  url: string;
  /** The address to open: the app in mode CLIENT with the network flag. */
  appUrl: string;
  store: FileStore;
  cloud: Cloud;
  close(): Promise<void>;
}

const MIME: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json', '.wasm': 'application/wasm', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.webmanifest': 'application/manifest+json' };
const JSON_LIMIT = 64 * 1024 * 1024;
const FILE_LIMIT = 512 * 1024 * 1024;

class Refusal extends Error {
  constructor(readonly status: number, readonly code: number, message: string) { super(message); }
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((ok, ko) => {
    const parts: Buffer[] = [];
    let n = 0;
    req.on('data', (c: Buffer) => {
      n += c.length;
      if (n > limit) { ko(new Refusal(413, 4130001, 'too large')); req.destroy(); } else parts.push(c);
    });
    req.on('end', () => ok(Buffer.concat(parts)));
    req.on('error', ko);
  });
}
async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const b = await readBody(req, JSON_LIMIT);
  if (b.length === 0) return {};
  try {
    const v = JSON.parse(b.toString('utf8')) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch { /* below */ }
  throw new Refusal(400, 4000001, 'invalid JSON body');
}
function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const str = (v: unknown, name: string): string => {
  if (typeof v !== 'string') throw new Refusal(400, 4000001, `${name} must be a string`);
  return v;
};

/** The file the save dialog proposes: `<data>/files/<title>.<ext>` (EXP-1 names, EXP-2 extensions). */
export function proposedPath(dataDir: string, title: string, filters: unknown): string {
  const exts = Array.isArray(filters) ? filters.flatMap((f) => (Array.isArray((f as { extensions?: unknown }).extensions) ? ((f as { extensions: unknown[] }).extensions.map(String)) : [])) : [];
  const ext = exts[0] ?? 'epro';
  return join(dataDir, 'files', exportFileName(title || 'Untitled', ext));
}

/** EXP-2 for a path the user chose: not empty, absolute, a known extension. */
export function checkSavePath(path: unknown): string {
  const p = checkProjectPath(typeof path === 'string' ? path : '');
  if (!isAbsolute(p)) throw new Refusal(400, 4000001, 'the path must be absolute');
  if (!(EXPORT_EXTENSIONS as readonly string[]).includes(extname(p).toLowerCase())) throw CatalogueError.named('FORMAT_NOT_SUPPORTED');
  return normalize(p);
}

export async function startDesktopHost(o: DesktopOptions): Promise<DesktopHost> {
  const dataDir = resolve(o.dataDir);
  const store = new FileStore(join(dataDir, 'store'));
  const network = o.network ?? 'HALF_OFFLINE';
  const cloud = new Cloud(o.cloud, o.probeMs ?? 2000, network === 'OFFLINE');
  const webDir = resolve(o.webDir ?? join(import.meta.dirname, '..', '..', 'web', 'dist'));
  let origin = '';

  async function commonDb(op: string, b: Record<string, unknown>): Promise<unknown> {
    const project = () => str(b.project, 'project');
    const kind = () => str(b.kind, 'kind') as Kind;
    switch (op) {
      case COMMON_DB.initDB: return true;
      case COMMON_DB.projectGet: return (await store.getProject(str(b.uuid, 'uuid'))) ?? null;
      case COMMON_DB.projectSet: await store.putProject(b.meta as ProjectMeta); return null;
      case COMMON_DB.projectDel: await store.deleteProject(str(b.uuid, 'uuid')); return null;
      case COMMON_DB.projectAll: return store.listProjects();
      case COMMON_DB.itemGet: return (await store.getItem(project(), kind(), str(b.key, 'key'))) ?? null;
      case COMMON_DB.itemList: return store.listItems(project(), typeof b.kind === 'string' ? (b.kind as Kind) : undefined);
      case COMMON_DB.itemPending: return store.listPending(project());
      case COMMON_DB.itemCount: return store.countItems(project());
      case COMMON_DB.itemAdd: await store.putItems(b.items as LocalItem[]); return null;
      case COMMON_DB.itemDelMany: await store.deleteItems(project(), b.keys as { kind: Kind; key: string }[]); return null;
      case COMMON_DB.itemCas: {
        let ok = false;
        await store.updateItem(project(), kind(), str(b.key, 'key'), (cur) => {
          if (!same(cur, b.expect)) return undefined;
          ok = true;
          return (b.next ?? null) as LocalItem | null;
        });
        return ok;
      }
      case COMMON_DB.lockGet: return (await store.getLock(str(b.lockUuid, 'lockUuid'))) ?? null;
      case COMMON_DB.lockCas: {
        let ok = false;
        await store.updateLock(str(b.lockUuid, 'lockUuid'), (cur) => {
          if (!same(cur, b.expect)) return undefined;
          ok = true;
          return (b.next ?? null) as LockRecord | null;
        });
        return ok;
      }
      case COMMON_DB.logAdd: return store.addLog(b.entry as LogRecord);
      case COMMON_DB.logAll: return store.listLogs(typeof b.project === 'string' ? b.project : undefined);
      case COMMON_DB.logDelMany: await store.deleteLogs((b.ids as unknown[]).map(Number)); return null;
    }
    const [name, verb] = op.split('/');
    if (!(KV_STORES as readonly string[]).includes(name)) throw new Refusal(404, 4040001, `no such local call: ${op}`);
    const s = name as KvStoreName;
    if (verb === 'getData') return (await store.kvGet(s, str(b.key, 'key'))) ?? null;
    if (verb === 'setData' || verb === 'addData') { await store.kvSet(s, str(b.key, 'key'), b.value); return null; }
    if (verb === 'isExist') return (await store.kvGet(s, str(b.key, 'key'))) !== undefined;
    throw new Refusal(404, 4040001, `no such local call: ${op}`);
  }

  async function local(req: IncomingMessage, op: string): Promise<unknown> {
    const cookie = req.headers.cookie;
    switch (op) {
      case 'status':
        return { cloud: cloud.state, network, dataDir, cloudUrl: cloud.url.origin };
      case 'openSaveFileDlg': {
        // SPEC §7 (title, isExport, filters): the proposed path; the page shows it for the user to change
        const b = await readJson(req);
        return { path: proposedPath(dataDir, sanitizeFileName(String(b.title ?? '')), b.filters), isExport: b.isExport === true };
      }
      case 'saveFile': {
        // the file dialog's saveFile: the body is the file, ?path= where it goes
        const path = checkSavePath(new URL(req.url ?? '', 'http://x').searchParams.get('path'));
        const bytes = await readBody(req, FILE_LIMIT);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, bytes);
        return { path, size: bytes.length };
      }
      case 'saveAsLocal': {
        // save-as-local from the local files (works offline): the .epro of the local copy at `path`
        const b = await readJson(req);
        const uuid = str(b.project_uuid, 'project_uuid');
        const meta = await store.getProject(uuid);
        if (!meta) throw CatalogueError.named('LOCAL_DATA_FAILED');
        const path = checkSavePath(b.path ?? proposedPath(dataDir, String(meta.detail.title ?? uuid), [{ extensions: ['epro'] }]));
        const bytes = localProjectEpro(meta, await store.listItems(uuid));
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, bytes);
        return { path, size: bytes.length };
      }
      case 'uploadFile': {
        // the client's uploadFile: a local archive becomes a cloud project (the import call)
        const b = await readJson(req);
        const path = checkProjectPath(typeof b.path === 'string' ? b.path : '');
        if (!existsSync(path) || !statSync(path).isFile()) throw new Refusal(404, 1000010, `document ${path} not exists`);
        const r = await cloud.call('POST', `/api/projects/import?name=${encodeURIComponent(String(b.name ?? ''))}`, cookie, readFileSync(path), { 'content-type': 'application/octet-stream' });
        if (r.json.code !== 0) throw new Refusal(r.status, r.json.code ?? 500, r.json.message ?? 'Network Error!');
        return r.json.result;
      }
      case 'onlineBackup': {
        // the client online backup: the multipart backups call with the local copy as `upload` (auto NO: no limit)
        const b = await readJson(req);
        const uuid = str(b.project_uuid, 'project_uuid');
        const meta = await store.getProject(uuid);
        if (!meta) throw CatalogueError.named('LOCAL_DATA_FAILED');
        const form = new FormData();
        form.set('project_uuid', uuid);
        form.set('auto', 'NO');
        form.set('name', String(b.name ?? `Local backup ${new Date().toISOString()}`));
        form.set('description', String(b.description ?? 'desktop client online backup'));
        form.set('ticket', String(meta.g_ticket));
        form.set('path', uuid);
        form.set('upload', new Blob([localProjectEpro(meta, await store.listItems(uuid)) as Uint8Array<ArrayBuffer>]), `${uuid}.epro`);
        const r = await cloud.call('POST', `/api/projects/${encodeURIComponent(uuid)}/backups`, cookie, form, { 'x-project-path': uuid });
        if (r.json.code !== 0) throw new Refusal(r.status, r.json.code ?? 500, r.json.message ?? 'Backup failed!');
        return r.json.result;
      }
    }
    throw new Refusal(404, 4040001, `no such local call: ${op}`);
  }

  function serveStatic(req: IncomingMessage, res: ServerResponse, path: string): void {
    if (path === '/' && !new URL(req.url ?? '/', 'http://x').searchParams.has('mode')) {
      res.writeHead(302, { location: `/?mode=CLIENT-${network}` }).end();
      return;
    }
    let file = normalize(join(webDir, decodeURIComponent(path)));
    if (!file.startsWith(webDir) || !existsSync(file) || statSync(file).isDirectory()) file = join(webDir, 'index.html');
    if (!existsSync(file)) return send(res, 404, { code: 4040001, message: `the web app is not built (${webDir}): npm run build --workspace apps/web` });
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream', 'x-content-type-options': 'nosniff' }).end(readFileSync(file));
  }

  const loopbackHost = (h: string | undefined) => !!h && /^(127\.0\.0\.1|localhost|\[::1\]):\d+$/.test(h);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    void (async () => {
      try {
        if (!loopbackHost(req.headers.host)) throw new Refusal(403, 4030001, 'the local host answers its own address only');
        const unsafe = req.method !== 'GET' && req.method !== 'HEAD';
        const o = req.headers.origin;
        if (unsafe && typeof o === 'string' && o !== origin && o !== origin.replace('127.0.0.1', 'localhost')) throw new Refusal(403, 4030001, 'cross-site call refused');
        if (path.startsWith('/api/')) return cloud.forward(req, res);
        const localCall = path.startsWith('/CommonDB/') || path.startsWith('/client/');
        if (!localCall) return serveStatic(req, res, path);
        if (req.headers[CLIENT_HEADER] !== '1' || req.method !== 'POST') throw new Refusal(403, 4030001, 'local calls need the client header');
        const result = path.startsWith('/CommonDB/') ? await commonDb(path.slice('/CommonDB/'.length), await readJson(req)) : await local(req, path.slice('/client/'.length));
        send(res, 200, { code: 0, result });
      } catch (e) {
        if (e instanceof Refusal) return send(res, e.status, { code: e.code, message: e.message });
        if (e instanceof CatalogueError) return send(res, 400, { code: typeof e.code === 'number' ? e.code : 4000001, message: e.message });
        send(res, 500, { code: 500, message: e instanceof Error ? e.message : String(e) });
      }
    })();
  });
  server.on('upgrade', (req, socket, head) => {
    const o = req.headers.origin;
    if (!loopbackHost(req.headers.host) || (typeof o === 'string' && o !== origin) || !(req.url ?? '').startsWith('/api/')) return void socket.destroy();
    cloud.upgrade(req, socket, head);
  });
  await new Promise<void>((ok, ko) => server.once('error', ko).listen(o.port, '127.0.0.1', () => ok()));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  cloud.start();
  return {
    url: origin,
    appUrl: `${origin}/?mode=CLIENT-${network}`,
    store,
    cloud,
    async close() {
      cloud.stop();
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
      await store.close();
    },
  };
}
