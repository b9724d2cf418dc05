/** Sessions (cookie cp_session), CSRF (cookie cp_csrf + header X-CSRF-Token) and project access. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hash, verify } from '@node-rs/argon2';
import { CODES } from '@copperplate/model';
import * as repo from './repo/index.ts';
import type { Ctx, ProjectAccess, Role, SessionUser } from './context.ts';
import { fail } from './http.ts';

export const SESSION_COOKIE = 'cp_session';
export const CSRF_COOKIE = 'cp_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export const hashToken = (t: string): string => createHash('sha256').update(t).digest('hex');
export const hashPassword = (p: string): Promise<string> => hash(p);
export async function verifyPassword(stored: string, p: string): Promise<boolean> {
  try {
    return await verify(stored, p);
  } catch {
    return false;
  }
}

export async function authenticate(ctx: Ctx, req: FastifyRequest): Promise<SessionUser | null> {
  const token = req.cookies[SESSION_COOKIE];
  if (!token) return null;
  const th = hashToken(token);
  let s = ctx.sessions.get(th);
  if (!s) {
    const row = await repo.sessionByHash(ctx.db, th);
    if (!row) return null;
    s = { uuid: row.user_uuid, username: row.username, nickname: row.nickname, csrf: row.csrf, expires: new Date(row.expires_at).getTime() };
    ctx.sessions.set(th, s);
  }
  if (s.expires < Date.now()) return null;
  return { uuid: s.uuid, username: s.username, nickname: s.nickname, csrf: s.csrf, tokenHash: th };
}

export function checkCsrf(req: FastifyRequest, user: SessionUser): void {
  const h = req.headers[CSRF_HEADER];
  const c = req.cookies[CSRF_COOKIE];
  const ok = typeof h === 'string' && h.length === user.csrf.length && c === h && timingSafeEqual(Buffer.from(h), Buffer.from(user.csrf));
  if (!ok) fail(CODES.CSRF_INVALID, {}, 403);
}

/** Creates a session for `userUuid` and sets both cookies. */
export async function startSession(ctx: Ctx, reply: FastifyReply, userUuid: string, secure: boolean): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(24).toString('base64url');
  const maxAge = ctx.sessionDays * 86_400;
  await repo.insertSession(ctx.db, hashToken(token), userUuid, csrf, new Date(Date.now() + maxAge * 1000));
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
  reply.setCookie(CSRF_COOKIE, csrf, { path: '/', httpOnly: false, sameSite: 'lax', secure, maxAge });
}

export async function endSession(ctx: Ctx, reply: FastifyReply, user: SessionUser): Promise<void> {
  await repo.deleteSession(ctx.db, user.tokenHash);
  ctx.sessions.delete(user.tokenHash);
  await ctx.bus.publish({ type: 'session_ended', token_hash: user.tokenHash, origin: ctx.bus.origin });
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}

/** The caller's role in a project: explicit membership, else team membership (team scope), else read-only for systematic and public scopes. */
export async function projectAccess(ctx: Ctx, projectUuid: string, userUuid: string): Promise<ProjectAccess | null> {
  if (!projectUuid || projectUuid.length > 128) return null;
  const k = projectUuid + '|' + userUuid;
  let role = ctx.access.get(k);
  if (role === undefined) {
    const f = await repo.accessFacts(ctx.db, projectUuid, userUuid);
    role = null;
    if (f) {
      if (f.role) role = f.role as Role;
      else if (f.scope === 1 && f.team_role) role = f.team_role === 'readonly' ? 'readonly' : 'member';
      else if (f.scope === 2 || f.scope === 3) role = 'readonly';
    }
    ctx.access.set(k, role);
  }
  return role ? { uuid: projectUuid, role } : null;
}
