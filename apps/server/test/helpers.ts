/**
 * Test backends: PGlite in a temporary folder, and the machine's PostgreSQL (DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test) with a fresh database per test file, dropped afterwards.
 * When PostgreSQL is unreachable the PostgreSQL variants are skipped with a console warning.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { startServer, type RunningServer } from '../src/index.ts';
import { openPglite } from '../src/db.ts';
import { MIGRATIONS, migrate } from '../src/migrations.ts';

export const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let pgOk: boolean | undefined;
export async function postgresAvailable(): Promise<boolean> {
  if (pgOk !== undefined) return pgOk;
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    pgOk = true;
  } catch (e) {
    console.warn(`\n[server tests] PostgreSQL at ${ADMIN_URL} is unreachable (${(e as Error).message}); the PostgreSQL variants are SKIPPED. Set DATABASE_URL or start PostgreSQL to run them.\n`);
    pgOk = false;
  } finally {
    await c.end().catch(() => {});
  }
  return pgOk;
}

/** A fresh database on the PostgreSQL server; `drop()` removes it. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cp_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = '/' + name;
  return {
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: ADMIN_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await a.end();
    },
  };
}

export type BackendName = 'pglite' | 'postgres';
export const BACKENDS: BackendName[] = ['pglite', 'postgres'];

const PGLITE_PKG = join(import.meta.dirname, '..', '..', '..', 'node_modules', '@electric-sql', 'pglite', 'package.json');
const PGLITE_VERSION = existsSync(PGLITE_PKG) ? (JSON.parse(readFileSync(PGLITE_PKG, 'utf8')) as { version: string }).version : 'unknown';
let template: Promise<string> | undefined;
/**
 * A migrated, empty PGlite data folder to copy (PGlite's first start in an empty folder runs initdb,
 * several seconds; opening a copy takes about one). Shared by test processes, keyed by the migrations.
 */
function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = join(tmpdir(), `cp-pglite-template-${createHash('sha256').update(PGLITE_VERSION + MIGRATIONS.join('\n')).digest('hex').slice(0, 12)}`);
    if (existsSync(dir)) return dir;
    const tmp = mkdtempSync(join(tmpdir(), 'cp-pglite-building-'));
    const db = await openPglite(tmp);
    await migrate(db);
    await db.close();
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // another process made it first
    }
    return dir;
  })();
  return template;
}

/** Storage for one backend: PGlite folder or PostgreSQL database, with cleanup. */
export async function storage(backend: BackendName): Promise<{ dataDir?: string; databaseUrl?: string; cleanup(): Promise<void> }> {
  if (backend === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'cp-server-'));
    cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    return { dataDir, async cleanup() { rmSync(dataDir, { recursive: true, force: true }); } };
  }
  const db = await freshDatabase();
  return { databaseUrl: db.url, cleanup: () => db.drop() };
}

/** A server on loopback for one backend. */
export async function testServer(backend: BackendName): Promise<RunningServer & { storage: Awaited<ReturnType<typeof storage>>; stop(): Promise<void> }> {
  const st = await storage(backend);
  const s = await startServer({ port: 0, dataDir: st.dataDir, databaseUrl: st.databaseUrl });
  return { ...s, storage: st, async stop() { await s.close(); await st.cleanup(); } };
}

/** The server's lean process entry (what `copperplate serve` runs, without the other CLI commands). */
export const MAIN = join(import.meta.dirname, '..', 'src', 'main.ts');

/** A server child process; resolves with its URL once it listens. */
export function spawnServer(opts: { dataDir?: string; databaseUrl?: string; env?: Record<string, string> }): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const args = ['--import', 'tsx', MAIN, '--port', '0', '--quiet'];
  if (opts.dataDir) args.push('--data', opts.dataDir);
  if (opts.databaseUrl) args.push('--database-url', opts.databaseUrl);
  const child = spawn(process.execPath, args, { env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const t = setTimeout(() => reject(new Error(`server did not start: ${out} ${err}`)), 60_000);
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve({
          url: m[1],
          child,
          stop: () => new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
        });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(t);
      reject(new Error(`server exited ${code}: ${err}`));
    });
  });
}
