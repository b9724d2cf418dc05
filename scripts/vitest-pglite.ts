/**
 * Vitest's global setup: a PGlite cluster fresh from initdb, made once per PGlite version on this
 * machine (~/.cache/copperplate, shared by every clone), named to the test processes and the servers
 * they start (child processes too) by COPPERPLATE_PGLITE_TEMPLATE: a server's new data folder starts
 * as a copy of it (apps/server db-worker.mjs) instead of running initdb, ~5 of the ~7 s of each
 * server's start in the suite. Nothing else differs: the migrations run on the copy as on any new folder.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const ROOT = join(import.meta.dirname, '..');

export default async function setup(): Promise<void> {
  const version = (JSON.parse(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
  const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'copperplate');
  const dir = join(cache, `pglite-template-${version}`);
  const ready = `${dir}.ready`;
  if (!existsSync(ready) || !existsSync(join(dir, 'PG_VERSION'))) {
    // made aside, then renamed in place: a run beside this one never sees half a cluster
    const tmp = `${dir}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    const db = new PGlite(tmp, { extensions: { pg_trgm } });
    await db.waitReady;
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // another run put its own there first
    }
    writeFileSync(ready, version);
  }
  process.env.COPPERPLATE_PGLITE_TEMPLATE = dir;
}
