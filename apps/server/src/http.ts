/**
 * The HTTP conventions of docs/API.md: the envelope, catalogue errors, and `route()`, which declares
 * a route with its access level and zod schemas (validated here, published in /api/openapi.json).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CODES, messageForCode } from '@copperplate/model';
import type { Ctx, SessionUser, ProjectAccess } from './context.ts';
import { authenticate, checkCsrf, projectAccess } from './auth.ts';

/** A failure answered as `{code, message}` (HTTP 200 for business failures, per docs/API.md). */
export class ApiError extends Error {
  /** `result`: details sent beside the message (e.g. which catalogue case, for the client to act on). */
  constructor(readonly code: number, message: string, readonly httpStatus = 200, readonly result?: unknown) {
    super(message);
  }
}

/** Throws the catalogue error of `code`. */
export function fail(code: number, params: Record<string, string | number> = {}, httpStatus = 200): never {
  throw new ApiError(code, messageForCode(code, params) ?? String(code), httpStatus);
}

export const notLoggedIn = (): never => fail(CODES.NOT_LOGGED_IN, {}, 401);
export const noPermission = (): never => fail(CODES.NO_PERMISSION);

export type Access = 'public' | 'user' | 'read' | 'write' | 'owner';

export interface RouteSpec<B, Q> {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  access: Access;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  bodyLimit?: number;
  /** Writes need the CSRF header (default: every POST except sign-up and log-in). */
  csrf?: boolean;
  /** The handler writes the reply itself (bytes); otherwise its result is wrapped as {code: 0, result}. */
  raw?: boolean;
  /** OpenAPI: the request body is binary. */
  binaryBody?: boolean;
}

export interface Call<B, Q> {
  req: FastifyRequest;
  reply: FastifyReply;
  user: SessionUser;
  project: ProjectAccess;
  body: B;
  query: Q;
}

export interface RouteRecord { method: string; url: string; summary: string; access: Access; body?: z.ZodType; query?: z.ZodType; binaryBody?: boolean; raw?: boolean }

function parse<T>(schema: z.ZodType<T> | undefined, v: unknown): T {
  if (!schema) return undefined as T;
  const r = schema.safeParse(v ?? {});
  if (!r.success) {
    const i = r.error.issues[0];
    fail(CODES.BAD_REQUEST, { reason: `${i.path.join('.') || 'body'}: ${i.message}` });
  }
  return r.data;
}

export function route<B = undefined, Q = undefined>(app: FastifyInstance, ctx: Ctx, spec: RouteSpec<B, Q>, handler: (c: Call<B, Q>) => Promise<unknown>): void {
  ctx.routes.push({ method: spec.method, url: spec.url, summary: spec.summary, access: spec.access, body: spec.body as z.ZodType | undefined, query: spec.query as z.ZodType | undefined, binaryBody: spec.binaryBody, raw: spec.raw });
  const needsCsrf = spec.csrf ?? spec.method === 'POST';
  const granted = new WeakMap<FastifyRequest, { user: SessionUser | null; project: ProjectAccess | null }>();
  app.route({
    method: spec.method,
    url: spec.url,
    bodyLimit: spec.bodyLimit,
    // access is decided before the body is read: an unauthorised upload is not parsed
    onRequest: async (req) => {
      let user = null as SessionUser | null;
      if (spec.access !== 'public') {
        user = await authenticate(ctx, req);
        if (!user) notLoggedIn();
        if (needsCsrf) checkCsrf(req, user!);
      }
      let project = null as ProjectAccess | null;
      if (spec.access === 'read' || spec.access === 'write' || spec.access === 'owner') {
        const uuid = (req.params as { uuid?: string }).uuid ?? '';
        const header = req.headers['x-project-path'];
        if (typeof header === 'string' && header !== '' && header !== uuid) noPermission();
        project = await projectAccess(ctx, uuid, user!.uuid);
        if (!project) noPermission();
        if (spec.access === 'write' && project!.role === 'readonly') noPermission();
        if (spec.access === 'owner' && project!.role !== 'owner') noPermission();
      }
      granted.set(req, { user, project });
    },
    handler: async (req, reply) => {
      const { user, project } = granted.get(req)!;
      const body = parse(spec.body, req.body);
      const query = parse(spec.query, req.query);
      const result = await handler({ req, reply, user: user as SessionUser, project: project as ProjectAccess, body, query });
      if (spec.raw) return reply;
      return { code: 0, result: result ?? null };
    },
  });
}

/** Maps any thrown error to the envelope; unexpected ones are logged and answered 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req, reply) => {
    if (err instanceof ApiError) return reply.status(err.httpStatus).send({ code: err.code, message: err.message, ...(err.result === undefined ? {} : { result: err.result }) });
    const e = err as { code?: string; statusCode?: number; message?: string };
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.statusCode === 413) {
      return reply.status(413).send({ code: CODES.BODY_TOO_LARGE, message: messageForCode(CODES.BODY_TOO_LARGE) });
    }
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || e.statusCode === 415) {
      return reply.status(415).send({ code: CODES.UNSUPPORTED_MEDIA, message: messageForCode(CODES.UNSUPPORTED_MEDIA, { reason: String(req.headers['content-type'] ?? 'none').slice(0, 100) }) });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.status(e.statusCode).send({ code: CODES.BAD_REQUEST, message: messageForCode(CODES.BAD_REQUEST, { reason: e.message ?? 'invalid request' }) });
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ code: 500, message: 'Internal server error' });
  });
}
