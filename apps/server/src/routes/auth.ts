/** Accounts: sign up, log in, log out, user info, teams and organisations, online version. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CODES, cleanName, isPasswordAcceptable, utf8ByteLength } from '@copperplate/model';
import * as repo from '../repo/index.ts';
import type { Ctx } from '../context.ts';
import { route, fail, noPermission } from '../http.ts';
import { NameField } from '../names.ts';
import { endSession, hashPassword, startSession, verifyPassword } from '../auth.ts';

export const VERSION = '0.1.0';
/** Sign-up and log-in bodies are a few fields: a small cap (issue 11). */
export const AUTH_BODY_LIMIT = 16 * 1024;
const Credentials = z.object({ username: z.string().regex(/^[A-Za-z0-9_.@-]{1,64}$/), password: z.string().min(4).max(256), nickname: z.string().min(1).max(64).optional() });
const NewTeam = z.object({ name: NameField, kind: z.enum(['team', 'organisation']).default('team'), parent_uuid: z.string().optional() });
const TeamMember = z.object({ username: z.string().min(1).max(64), role: z.enum(['member', 'readonly', 'owner']) });

export const uuid32 = (): string => randomUUID().replace(/-/g, '');

let dummy: Promise<string> | undefined;
const dummyHash = (): Promise<string> => (dummy ??= hashPassword(randomUUID()));

/** Creates an account (also used by `copperplate user add`). False when the name is taken. */
export async function createUser(ctx: Pick<Ctx, 'db'>, username: string, password: string, nickname = username): Promise<string | null> {
  const id = uuid32();
  const ok = await repo.insertUser(ctx.db, { uuid: id, username, nickname, passwordHash: await hashPassword(password) });
  return ok ? id : null;
}

export function authRoutes(app: FastifyInstance, ctx: Ctx): void {
  const secure = (req: { protocol: string }) => req.protocol === 'https';
  route(app, ctx, { method: 'POST', url: '/api/auth/signup', summary: 'Create an account and log in (password: at least 8 characters, not only spaces; a limited number per address and hour)', access: 'public', csrf: false, body: Credentials, bodyLimit: AUTH_BODY_LIMIT }, async ({ req, reply, body }) => {
    if (!isPasswordAcceptable(body.password)) fail(CODES.WEAK_PASSWORD);
    const nickname = body.nickname === undefined ? undefined : cleanName(body.nickname);
    if (nickname !== undefined && (utf8ByteLength(nickname) < 1 || utf8ByteLength(nickname) > 128)) fail(CODES.NAME_LENGTH, { documentName: 'nickname' });
    if (!ctx.signups.take(req.ip, ctx.limits.signupsPerAddressPerHour)) fail(CODES.TOO_MANY_REQUESTS, {}, 429);
    const id = await createUser(ctx, body.username, body.password, nickname);
    if (!id) fail(CODES.USERNAME_TAKEN);
    await startSession(ctx, reply, id!, secure(req));
    return { user: { uuid: id, username: body.username, nickname: nickname ?? body.username } };
  });

  route(app, ctx, { method: 'POST', url: '/api/auth/login', summary: 'Log in (sets cp_session and cp_csrf); attempts limited per account and address', access: 'public', csrf: false, bodyLimit: AUTH_BODY_LIMIT, body: z.object({ username: z.string().max(64), password: z.string().max(256) }) }, async ({ req, reply, body }) => {
    // counted before the password check: parallel guesses get no extra tries
    if (!ctx.limiter.attempt(body.username, req.ip)) fail(CODES.TOO_MANY_ATTEMPTS);
    const u = await repo.userByName(ctx.db, body.username);
    // an unknown name costs a hash check too, so that timing does not tell which names exist
    const ok = u ? await verifyPassword(u.password_hash, body.password) : (await verifyPassword(await dummyHash(), body.password), false);
    if (!u || !ok) {
      req.log.info({ username: body.username }, 'login failed');
      fail(CODES.LOGIN_FAILED);
    }
    ctx.limiter.succeeded(body.username, req.ip);
    await startSession(ctx, reply, u!.uuid, secure(req));
    return { user: { uuid: u!.uuid, username: u!.username, nickname: u!.nickname } };
  });

  route(app, ctx, { method: 'POST', url: '/api/auth/logout', summary: 'Log out', access: 'user' }, async ({ reply, user }) => {
    await endSession(ctx, reply, user);
    return null;
  });

  route(app, ctx, { method: 'GET', url: '/api/user/info', summary: 'The logged-in user', access: 'user' }, async ({ user }) => ({ uuid: user.uuid, username: user.username, nickname: user.nickname }));

  route(app, ctx, { method: 'GET', url: '/api/teams', summary: 'Teams and organisations of the caller, with members', access: 'user' }, async ({ user }) => {
    const teams = await repo.teamsOfUser(ctx.db, user.uuid);
    return Promise.all(teams.map(async (t) => ({ uuid: t.uuid, name: t.name, kind: t.kind, parent_uuid: t.parent_uuid, role: t.role, members: await repo.teamMembers(ctx.db, t.uuid) })));
  });

  route(app, ctx, { method: 'POST', url: '/api/teams', summary: 'Create a team or organisation (the caller owns it)', access: 'user', body: NewTeam }, async ({ user, body }) => {
    if (body.parent_uuid && (await repo.teamRole(ctx.db, body.parent_uuid, user.uuid)) !== 'owner') noPermission();
    const id = uuid32();
    await ctx.db.tx((q) => repo.insertTeam(q, { uuid: id, name: body.name, kind: body.kind, parentUuid: body.parent_uuid ?? null, ownerUuid: user.uuid }));
    return { uuid: id, name: body.name, kind: body.kind, parent_uuid: body.parent_uuid ?? null, role: 'owner' };
  });

  route(app, ctx, { method: 'POST', url: '/api/teams/:team/members', summary: 'Add or change a team member (team owner only)', access: 'user', body: TeamMember }, async ({ req, user, body }) => {
    const team = (req.params as { team: string }).team;
    if ((await repo.teamRole(ctx.db, team, user.uuid)) !== 'owner') noPermission();
    const u = await repo.userByName(ctx.db, body.username);
    if (!u) fail(CODES.NOT_FOUND);
    await repo.setTeamMember(ctx.db, team, u!.uuid, body.role);
    ctx.access.clear();
    await ctx.bus.publish({ type: 'access_all', origin: ctx.bus.origin });
    return { uuid: u!.uuid, role: body.role };
  });

  route(app, ctx, { method: 'GET', url: '/api/getOnlineVersion', summary: 'The network check', access: 'public' }, async () => ({ version: VERSION }));
}
