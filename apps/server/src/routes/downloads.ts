/**
 * Tokens of the service-worker download stream (issue 11, STREAM-1): the page asks the server for a
 * one-time token before it streams a download through /sw.js; the service worker checks the token
 * here before it opens the stream. Another site can neither get a token (these calls need the
 * session, the CSRF header and a same-origin Origin) nor reach the service worker's messages, so it
 * cannot start a download of its choosing on this origin.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CODES } from '@copperplate/model';
import type { Ctx } from '../context.ts';
import { TtlCache } from '../caches.ts';
import { fail, route } from '../http.ts';

/** How long a token waits for its check (the page uses it at once). */
export const DOWNLOAD_TOKEN_MS = 60_000;

/** Issued tokens -> the user they were issued to; per server process. */
const issued = new WeakMap<Ctx, TtlCache<string>>();
const tokensOf = (ctx: Ctx) => {
  let t = issued.get(ctx);
  if (!t) issued.set(ctx, (t = new TtlCache<string>(DOWNLOAD_TOKEN_MS, 10_000)));
  return t;
};

export function downloadRoutes(app: FastifyInstance, ctx: Ctx): void {
  route(app, ctx, { method: 'POST', url: '/api/downloads/token', summary: 'A one-time token for one service-worker download stream -> {token}', access: 'user' }, async ({ user }) => {
    const token = randomBytes(24).toString('base64url');
    tokensOf(ctx).set(token, user.uuid);
    return { token };
  });

  route(app, ctx, {
    method: 'POST', url: '/api/downloads/check', summary: 'The service worker checks (and uses up) a download token of the same user -> {ok: true}; 4030002 otherwise', access: 'user',
    body: z.object({ token: z.string().min(1).max(100) }),
  }, async ({ user, body }) => {
    const t = tokensOf(ctx);
    const owner = t.get(body.token);
    t.delete(body.token);
    if (owner !== user.uuid) fail(CODES.DOWNLOAD_TOKEN_INVALID, {}, 403);
    return { ok: true };
  });
}
