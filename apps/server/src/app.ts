/** Builds the Fastify app: plugins, hooks (gzip bodies, CSP), routes, the web app at /. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import { CODES, messageForCode } from '@copperplate/model';
import type { Ctx } from './context.ts';
import { installErrorHandler } from './http.ts';
import { checkOrigin, checkUrl, inflateCapped, parseJsonBody } from './input.ts';
import { authRoutes } from './routes/auth.ts';
import { projectRoutes } from './routes/projects.ts';
import { trashRoutes } from './routes/trash.ts';
import { itemRoutes } from './routes/items.ts';
import multipart from '@fastify/multipart';
import { backupCreateRoute, miscRoutes } from './routes/misc.ts';
import { downloadRoutes } from './routes/downloads.ts';
import { liveRoutes } from './routes/live.ts';
import { contentRoutes } from './routes/content.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { keyRoutes } from './routes/keys.ts';
import { fileRoutes, withBinaryBodies } from './routes/files.ts';
import { convertRoutes } from './routes/convert.ts';
import { fabRoutes } from './routes/fab.ts';
import { panelRoutes } from './routes/panel.ts';
import { libraryRoutes } from './routes/library.ts';
import { drcRoutes } from './routes/drc.ts';
import { spiceRoutes } from './routes/spice.ts';
import { lookupRoutes } from './routes/lookups.ts';
import { projectExtraRoutes } from './routes/project-extras.ts';
import { kicadFontRoutes } from './routes/kicad-font.ts';

/** Every response: the web app is served from this origin; no inline scripts, inline styles allowed. */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss: data:", // data: the browser's SPICE engine (eecircuit-engine) fetches its inlined WebAssembly
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** Default body cap of JSON calls; bulk writes and imports set larger caps per route. */
export const DEFAULT_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * `trustProxy` (issue 11): behind a reverse proxy, the addresses (or true for any) whose
 * X-Forwarded-For / X-Forwarded-Proto the server believes: the client address (login and sign-up
 * limits) and https (Secure cookies) then come from the proxy's headers. Default: none trusted.
 */
export type TrustProxy = boolean | string | string[];

/** `--trust-proxy` / COPPERPLATE_TRUST_PROXY as a TrustProxy: 'true', one address or subnet, or a comma list; empty: none. */
export function parseTrustProxy(text: string | undefined): TrustProxy | undefined {
  const t = text?.trim();
  if (!t) return undefined;
  if (t === 'true') return true;
  return t.includes(',') ? t.split(',').map((x) => x.trim()).filter(Boolean) : t;
}

export async function buildApp(makeCtx: (app: FastifyInstance) => Ctx, opts: { logger?: FastifyServerOptions['logger']; webDir?: string; trustProxy?: TrustProxy }): Promise<{ app: FastifyInstance; ctx: Ctx }> {
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: DEFAULT_BODY_LIMIT, trustProxy: opts.trustProxy ?? false });
  const ctx = makeCtx(app);
  installErrorHandler(app);
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  // JSON bodies: depth, NUL, lone surrogates and __proto__ refused with a catalogue message (input.ts).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (e) {
      done(e as Error);
    }
  });
  // Any other body type (binary ones included) is refused before it is read, except where a route
  // scope adds its own parser (the import route: signed-in users only, files.ts).
  app.addHook('onRequest', async (req) => {
    checkUrl(req.url);
    checkOrigin(req.method, req.headers, req.host); // req.host: X-Forwarded-Host behind a trusted proxy
  });

  // CALL-3: bodies the client gzips, inflated up to the route's body cap (input.ts inflateCapped).
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (String(req.headers['content-encoding'] ?? '').toLowerCase() !== 'gzip') return payload;
    const out = inflateCapped(payload, req.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT);
    delete req.headers['content-encoding'];
    return out as unknown as typeof payload;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    // API answers are per user and change with every write: never stored by a browser or a proxy.
    if (req.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  authRoutes(app, ctx);
  projectRoutes(app, ctx);
  trashRoutes(app, ctx);
  itemRoutes(app, ctx);
  lookupRoutes(app, ctx);
  projectExtraRoutes(app, ctx);
  miscRoutes(app, ctx);
  kicadFontRoutes(app, ctx);
  // the multipart backups and archive calls (SPEC §7): multipart bodies only in this scope
  await app.register(async (scope) => {
    await scope.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fields: 20, files: 1, fileSize: 200 * 1024 * 1024, fieldSize: 64 * 1024 } });
    backupCreateRoute(scope, ctx);
  });
  downloadRoutes(app, ctx);
  await fileRoutes(app, ctx);
  await withBinaryBodies(app, (scope) => convertRoutes(scope, ctx)); // KiCad imports: binary bodies, signed-in users
  fabRoutes(app, ctx);
  panelRoutes(app, ctx);
  libraryRoutes(app, ctx);
  drcRoutes(app, ctx);
  spiceRoutes(app, ctx);
  liveRoutes(app, ctx);
  contentRoutes(app, ctx);
  notificationRoutes(app, ctx);
  keyRoutes(app, ctx);

  const webDir = opts.webDir ?? join(import.meta.dirname, '..', '..', 'web', 'dist');
  const hasWeb = existsSync(join(webDir, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDir, wildcard: true, index: ['index.html'] }); // files added by a later build are served too
  app.setNotFoundHandler((req, reply) => {
    if (hasWeb && req.method === 'GET' && !req.url.startsWith('/api/')) return reply.sendFile('index.html'); // SPA fallback
    return reply.status(404).send({ code: CODES.NOT_FOUND, message: messageForCode(CODES.NOT_FOUND) });
  });
  return { app, ctx };
}
