/**
 * The editor frame's ProjectSession over @copperplate/sync's engine and @copperplate/store's
 * IndexedDB LocalStore: edits go to the local database first (write-ahead), upload in the
 * background, survive reloads and offline periods; conflicts come back as held items (UI-1).
 * The UI never touches IndexedDB itself: everything goes through the engine and the store.
 */
import { DexieStore } from '@copperplate/store';
import { AutoBackup, KvJournal, NetworkMonitor, SyncEngine, type Clock, type LocalStore } from '@copperplate/sync';
import { NAMED_ERRORS, NO_PERMISSION_CODES } from '@copperplate/model';
import { api } from '../api/api.ts';
import type { ProjectSession } from './types.ts';
import { openLive } from './live.ts';
import { toast } from '../ui/toasts.tsx';
import { openEngineSession, type SessionEnv } from './engine-session.ts';
import { ContentTransport } from '../api/content-transport.ts';
import { isClientBuild } from '../desktop/client.ts';
import { desktopParts, wireDesktop, type DesktopParts } from '../desktop/engine-parts.ts';
import { request } from '../api/http.ts';
import { rememberedUser } from '../lib/user.ts';

/** Real time for the engine (it never touches timers itself). */
export const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id),
  sleep: (ms) => new Promise((r) => window.setTimeout(r, ms)),
};

export interface EngineHooks {
  onToast: (message: string) => void;
  onDbWarning: (message: string) => void;
  onNoPermission: (message: string) => void;
}

let enginePromise: Promise<SyncEngine> | null = null;
let baseMode = 'ONLINE';
/** The desktop build's parts (mode CLIENT): local files, the cloud's state, the log uploader. */
let desktop: DesktopParts | null = null;
/** Whether the cloud can be reached: the browser's network state, or in the desktop build the host's check of the cloud. */
const cloudReachable = () => (desktop ? desktop.net.online() : navigator.onLine);

let ownStore: Promise<LocalStore> | null = null;
/**
 * The page's local database (DB-1): the engine's store once a project opened, else one of its own on
 * the same IndexedDB (the start page and the library page keep their key-value caches there too).
 * Rejects when IndexedDB cannot be opened.
 */
export async function pageStore(): Promise<LocalStore> {
  if (enginePromise) {
    try {
      return (await enginePromise).services.store;
    } catch { /* no engine: a store of its own */ }
  }
  ownStore ??= new DexieStore({ name: 'copperplate' }).open();
  ownStore.catch(() => (ownStore = null));
  return ownStore;
}

/** One engine per page. Fails with DB_INIT_ERROR when IndexedDB cannot be opened. */
export function getEngine(mode: string, hooks: EngineHooks): Promise<SyncEngine> {
  if (!enginePromise) {
    baseMode = mode;
    enginePromise = (async () => {
      if (isClientBuild(mode)) {
        const send = async (logs: unknown[]) => {
          try {
            await request('POST', '/api/logs', { body: { logs } });
            return { success: true };
          } catch (e) {
            return { success: false, message: e instanceof Error ? e.message : String(e) };
          }
        };
        desktop = await desktopParts(browserClock, () => rememberedUser()?.uuid, send, hooks.onToast);
      }
      const store = desktop ? desktop.store : await new DexieStore({ name: 'copperplate' }).open();
      const transport = new ContentTransport({ baseUrl: '' }); // CALL-6: large texts by reference
      let engine: SyncEngine | null = null;
      // OPEN-5 / CLOSE-1: a backup of every opened project at once, then on a timer; aborted on close.
      // Read-only and offline projects are not backed up (the server would refuse; the next turn retries).
      const backup = new AutoBackup({
        clock: browserClock,
        ticketOf: (p) => (engine?.current?.uuid === p ? engine.current.detail.g_ticket : undefined),
        send: async (p, fields, signal) => {
          const s = engine?.current;
          if (!s || s.uuid !== p || s.readonly || !cloudReachable()) return { success: false, message: 'not backed up (read-only or offline)' };
          return transport.backup(p, fields, signal);
        },
      });
      // localStorage is written synchronously: an edit handed over while the page goes away survives it
      const journal = new KvJournal(window.localStorage);
      engine = new SyncEngine({ store, transport, clock: browserClock, mode: cloudReachable() ? mode : 'OFFLINE', backup, journal });
      engine.events.on('db-warning', (e) => hooks.onDbWarning(e.message));
      engine.events.on('upload-error', (e) => {
        if (!cloudReachable()) return; // the status bar says offline; edits are kept locally
        if (e.code !== undefined && NO_PERMISSION_CODES.includes(e.code)) hooks.onNoPermission(e.message);
        else hooks.onToast(e.message);
      });
      if (desktop) {
        wireDesktop(engine, desktop, baseMode);
        return engine;
      }
      // getOnlineVersion is the network check: back to the online mode only once the server answers
      const net = new NetworkMonitor({
        clock: browserClock,
        platformOnline: () => navigator.onLine,
        check: async () => (await transport.onlineVersion()).success,
        apply: (online) => engine!.setMode(online ? baseMode : 'OFFLINE'),
      });
      const setNet = () => void net.update();
      window.addEventListener('online', setNet);
      window.addEventListener('offline', setNet);
      setNet();
      return engine;
    })();
    enginePromise.catch(() => (enginePromise = null));
  }
  return enginePromise;
}

/** The browser's side of a session: network state from `navigator`, events from `window`, the live WebSocket. */
export const browserEnv: SessionEnv = {
  online: () => cloudReachable(),
  onNetChange(fn) {
    if (desktop) return desktop.net.onChange(fn);
    window.addEventListener('online', fn);
    window.addEventListener('offline', fn);
    return () => {
      window.removeEventListener('online', fn);
      window.removeEventListener('offline', fn);
    };
  },
  live: openLive,
  announce: (text) => toast(text, 'info', 6000),
  detail: (uuid) => api.detail(uuid),
};

export function openSyncSession(engine: SyncEngine, uuid: string, readOnly: boolean, onProgress: (share: number) => void): Promise<ProjectSession> {
  return openEngineSession(engine, uuid, readOnly, onProgress, browserEnv);
}

/** The desktop build's local application interface, when the page runs in it. */
export function desktopClient() {
  return desktop?.client ?? null;
}

export const DB_WARNING = NAMED_ERRORS.DB_INIT_ERROR;
