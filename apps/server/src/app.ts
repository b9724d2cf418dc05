/** Builds the Fastify app: plugins, hooks (gzip bodies, CSP), routes, the web app at /. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import { CODES, messageForCode } from '@copperplate/model';
import type { Ctx } from './context.ts';
import { installErrorHandler } from './http.ts';
import { authRoutes } from './routes/auth.ts';
import { projectRoutes } from './routes/projects.ts';
import { itemRoutes } from './routes/items.ts';
import { miscRoutes } from './routes/misc.ts';
import { liveRoutes } from './routes/live.ts';
import { fileRoutes } from './routes/files.ts';

/** Every response: the web app is served from this origin; no inline scripts, inline styles allowed. */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** Default body cap of JSON calls; bulk writes and imports set larger caps per route. */
export const DEFAULT_BODY_LIMIT = 2 * 1024 * 1024;

export async function buildApp(makeCtx: (app: FastifyInstance) => Ctx, opts: { logger?: FastifyServerOptions['logger']; webDir?: string }): Promise<{ app: FastifyInstance; ctx: Ctx }> {
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: DEFAULT_BODY_LIMIT, trustProxy: false });
  const ctx = makeCtx(app);
  installErrorHandler(app);
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  // CALL-3: bodies the client gzips. The inflated stream counts against the route's body cap.
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (String(req.headers['content-encoding'] ?? '').toLowerCase() !== 'gzip') return payload;
    let encoded = 0;
    const counter = new Transform({ transform(chunk: Buffer, _e, cb) { encoded += chunk.length; cb(null, chunk); } });
    const out = payload.pipe(counter).pipe(createGunzip()) as unknown as NodeJS.ReadableStream & { receivedEncodedLength?: number };
    counter.on('end', () => { out.receivedEncodedLength = encoded; });
    delete req.headers['content-encoding'];
    return out as unknown as typeof payload;
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    return payload;
  });

  authRoutes(app, ctx);
  projectRoutes(app, ctx);
  itemRoutes(app, ctx);
  miscRoutes(app, ctx);
  fileRoutes(app, ctx);
  liveRoutes(app, ctx);

  const webDir = opts.webDir ?? join(import.meta.dirname, '..', '..', 'web', 'dist');
  const hasWeb = existsSync(join(webDir, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDir, wildcard: true, index: ['index.html'] }); // files added by a later build are served too
  app.setNotFoundHandler((req, reply) => {
    if (hasWeb && req.method === 'GET' && !req.url.startsWith('/api/')) return reply.sendFile('index.html'); // SPA fallback
    return reply.status(404).send({ code: CODES.NOT_FOUND, message: messageForCode(CODES.NOT_FOUND) });
  });
  return { app, ctx };
}
