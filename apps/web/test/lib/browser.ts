/**
 * A browser of the web app in Node tests: the real HTTP transport against a real server on loopback,
 * dexie over fake-indexeddb, one sync engine, and project sessions as the app opens them
 * (engine-session.ts), on an injected clock.
 */
import { expect } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { DexieStore } from '@copperplate/store';
import { CookieJar, HttpTransport, SyncEngine, type FakeClock } from '@copperplate/sync';
import { openEngineSession, type SessionEnv } from '../../src/project/engine-session.ts';
import type { ProjectSession } from '../../src/project/types.ts';
import type { ProjectDetail } from '../../src/api/schemas.ts';

/** One browser page over `http`: its own IndexedDB and engine, sessions as the web app opens them. */
export async function page(http: HttpTransport, clock: FakeClock) {
  const store = await new DexieStore({ name: 'copperplate', indexedDB: new IDBFactory(), IDBKeyRange }).open();
  const engine = new SyncEngine({ store, transport: http, clock });
  const env: SessionEnv = {
    online: () => true,
    onNetChange: () => () => {},
    live: () => () => {},
    detail: async (uuid) => {
      const d = await http.getDetail(uuid);
      if (!d.success) throw new Error(d.message);
      return d.result as ProjectDetail;
    },
  };
  return { store, engine, open: (uuid: string) => openEngineSession(engine, uuid, false, () => {}, env) };
}

/** Signs `user` up (or in) on the server at `url`, then a page of that user. */
export async function browser(url: string, user: string, password: string, signup: boolean, clock: FakeClock) {
  const http = new HttpTransport({ baseUrl: url, cookies: new CookieJar() });
  const r = signup ? await http.signup(user, password) : await http.login(user, password);
  if (!r.success) throw new Error(r.message);
  return { http, ...(await page(http, clock)) };
}

/** Lets IndexedDB (fake-indexeddb schedules with setImmediate) and HTTP answers run between clock steps. */
export const flush = async (): Promise<void> => { for (let i = 0; i < 10; i++) await new Promise<void>((r) => setImmediate(r)); };

/**
 * The session's snapshot follows its local store asynchronously: let it catch up with `cond`
 * (bounded by expect.poll's timeout). Real time passes between looks: the server answers from its
 * database worker thread, not within a few turns of this event loop.
 */
export async function until(cond: () => boolean): Promise<void> {
  await expect.poll(async () => (cond() ? true : (await flush(), cond()))).toBe(true);
}

/** Lets uploads run (the clock moves 250 ms a look) until the session says saved (bounded by expect.poll's timeout). */
export async function saved(clock: FakeClock, s: ProjectSession): Promise<void> {
  await expect.poll(async () => {
    if (s.state().status !== 'saved') await clock.advance(250);
    return s.state().status;
  }).toBe('saved');
}
