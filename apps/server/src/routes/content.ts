/**
 * Content by reference (SPEC §7, CALL-6): a client that sends `X-Content-By-Reference: N` with a read
 * call gets every text of N bytes or more as `dataStrId` (the URL of GET /api/content/:id), `key` and
 * `iv` instead of `dataStr`: the text gzip-compressed and AES-256-GCM encrypted with a fresh key
 * (@copperplate/format's sealContent). The sealed bytes are kept in memory for the user who read
 * them, for CONTENT_TTL_MS, within CONTENT_CACHE_BYTES (oldest dropped first). Clients that do not
 * send the header get `dataStr` as before.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { CODES } from '@copperplate/model';
import { sealContent } from '@copperplate/format';
import type { Ctx } from '../context.ts';
import { fail, route } from '../http.ts';

export const CONTENT_TTL_MS = 10 * 60_000;
export const CONTENT_CACHE_BYTES = 256 * 1024 * 1024;
const HEADER = 'x-content-by-reference';

interface Entry { bytes: Uint8Array; user: string; expires: number }
const stores = new WeakMap<Ctx, { map: Map<string, Entry>; bytes: number }>();
function storeOf(ctx: Ctx) {
  let s = stores.get(ctx);
  if (!s) stores.set(ctx, (s = { map: new Map(), bytes: 0 }));
  return s;
}
function prune(ctx: Ctx, room = 0): void {
  const s = storeOf(ctx);
  const now = Date.now();
  for (const [id, e] of s.map) {
    if (e.expires > now && s.bytes + room <= CONTENT_CACHE_BYTES) break;
    s.map.delete(id); // insertion order: oldest first
    s.bytes -= e.bytes.length;
  }
}

/** The smallest text sent by reference the client asked for, or null (header absent or not a number). */
export function referenceThreshold(req: FastifyRequest): number | null {
  const v = req.headers[HEADER];
  if (typeof v !== 'string' || !/^\d{1,10}$/.test(v)) return null;
  return Number(v);
}

/** Items answered by reference where the client asked for it (read calls). */
export async function byReference<T>(ctx: Ctx, req: FastifyRequest, user: string, items: T[]): Promise<T[]> {
  const min = referenceThreshold(req);
  if (min === null) return items;
  const out: T[] = [];
  for (const it of items) {
    const o = it as unknown as Record<string, unknown>;
    if (typeof o.dataStr !== 'string' || o.dataStr.length < min) { out.push(it); continue; }
    const sealed = await sealContent(o.dataStr);
    prune(ctx, sealed.bytes.length);
    const id = randomBytes(16).toString('hex');
    const s = storeOf(ctx);
    s.map.set(id, { bytes: sealed.bytes, user, expires: Date.now() + CONTENT_TTL_MS });
    s.bytes += sealed.bytes.length;
    const { dataStr: _d, ...rest } = o;
    out.push({ ...rest, dataStrId: `/api/content/${id}`, key: sealed.key, iv: sealed.iv } as unknown as T);
  }
  return out;
}

export function contentRoutes(app: FastifyInstance, ctx: Ctx): void {
  route(app, ctx, { method: 'GET', url: '/api/content/:id', summary: 'Content by reference (CALL-6): the encrypted, compressed text a read call named in dataStrId; only for the user who read it', access: 'user', raw: true }, async ({ req, reply, user }) => {
    prune(ctx);
    const e = storeOf(ctx).map.get((req.params as { id: string }).id);
    if (!e || e.user !== user.uuid) fail(CODES.NOT_FOUND, {}, 404);
    reply.type('application/octet-stream').header('Cache-Control', 'no-store').send(Buffer.from(e!.bytes));
  });
}
