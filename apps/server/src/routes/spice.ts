/**
 * The SPICE calls of SPEC §7 (issue 18): `POST /api/spice/netlist` writes the SPICE netlist of a
 * circuit (parts, attributes, pin nets, see @copperplate/spice), `POST /api/spice/simulate` runs a
 * circuit or a netlist through ngspice, and `POST /api/projects/:uuid/simulate` runs a stored project's
 * sheet (its schematic, the child sheets of its blocks in other schematics, the project's model files:
 * @copperplate/schematic, the code the browser and the CLI run). Netlists are written, ngspice is run
 * (a child process with a time, memory and output limit, spice/ngspice.ts), its results read and the
 * JSON answer written in a worker thread (workers/spice-job.ts), under the per-user cap of the files
 * jobs and the cap on runs at once (SPICE_LIMITS.concurrent). Problems come back as SPICE_ERROR (4000005) with a message naming
 * the part or net (missing model, floating node, no convergence, time-out). Netlists sent as text may
 * not use `.control` or `.include`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { CatalogueError, CODES } from '@copperplate/model';
import { unsafeConstruct, type Analysis, type Circuit } from '@copperplate/spice';
import type { Ctx } from '../context.ts';
import { ApiError, route } from '../http.ts';
import { spiceSlot } from '../spice/ngspice.ts';
import { projectRows, spiceInWorker } from '../workers/files.ts';
import type { SpiceJob, SpiceJobResult, SpiceRunAnswer } from '../workers/spice-job.ts';

const text = (max: number) => z.string().max(max);
const val = z.union([z.number(), text(64)]);
const circuitSchema = z.object({
  title: text(256).default(''),
  parts: z.array(z.object({
    designator: text(64),
    attrs: z.record(text(128), text(4096)),
    pins: z.array(z.object({ number: text(32), name: text(64).default(''), net: text(256) })).max(512),
    sheet: text(256).optional(),
  })).max(50_000),
  directives: z.array(text(4096)).max(1000).optional(),
  models: z.array(z.object({ name: text(256), text: text(2_000_000) })).max(50).optional(),
  ground: z.array(text(256)).max(16).optional(),
});
const analysisSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('op') }),
  z.object({ kind: z.literal('dc'), source: text(64).regex(/^[A-Za-z][\w.]*$/), start: val, stop: val, step: val }),
  z.object({ kind: z.literal('ac'), sweep: z.enum(['dec', 'oct', 'lin']).optional(), points: z.number().int().min(1).max(100_000), fstart: val, fstop: val }),
  z.object({ kind: z.literal('tran'), step: val, stop: val, start: val.optional(), maxStep: val.optional(), uic: z.boolean().optional() }),
]);
const NUMBERISH = /^[0-9.eE+\-a-zA-Z]*$/;

function bad(reason: string): never {
  throw new ApiError(CODES.SPICE_ERROR, CatalogueError.named('SPICE_FAILED', { reason }).message);
}

function checkAnalysis(analysis?: Analysis): void {
  if (analysis) for (const v of Object.values(analysis)) if (typeof v === 'string' && v !== analysis.kind && !NUMBERISH.test(v)) bad(`bad analysis value ${v}`);
}

/** A SPICE job in a worker thread, in turn with the other runs; catalogue errors as SPICE_ERROR (a missing sheet as 1000010). */
async function spiceJob(ctx: Ctx, user: string, job: SpiceJob & { netlistOnly: true }): Promise<SpiceJobResult>;
async function spiceJob(ctx: Ctx, user: string, job: SpiceJob): Promise<SpiceJobResult | SpiceRunAnswer>;
async function spiceJob(ctx: Ctx, user: string, job: SpiceJob): Promise<SpiceJobResult | SpiceRunAnswer> {
  checkAnalysis(job.analysis);
  const release = job.netlistOnly ? () => {} : await spiceSlot();
  try {
    return await spiceInWorker(ctx, user, job);
  } catch (e) {
    if (e instanceof CatalogueError) throw new ApiError(e.code === 1000010 ? 1000010 : CODES.SPICE_ERROR, e.message);
    throw e;
  } finally {
    release();
  }
}

/** Sends a job's answer: a run's JSON bytes as they are (serialised in the worker), a netlist as the usual `{code, result}`. */
function send(reply: FastifyReply, r: SpiceJobResult | SpiceRunAnswer): FastifyReply {
  if ('bytes' in r) return reply.type('application/json; charset=utf-8').send(Buffer.from(r.bytes.buffer, r.bytes.byteOffset, r.bytes.byteLength));
  return reply.send({ code: 0, result: r });
}

export function spiceRoutes(app: FastifyInstance, ctx: Ctx): void {
  route(app, ctx, {
    method: 'POST', url: '/api/spice/netlist', access: 'user', bodyLimit: 16 * 1024 * 1024,
    body: z.object({ circuit: circuitSchema, analysis: analysisSchema.optional() }),
    summary: 'SPICE netlist of a circuit ({circuit: {title, parts: [{designator, attrs, pins: [{number, name, net}]}], directives, models}, analysis?}): {netlist, nodeOf, netOf, partOf}; SPICE_ERROR (4000005) names the part or net',
  }, async ({ body, user }) => {
    const r = await spiceJob(ctx, user!.uuid, { circuit: body.circuit as Circuit, analysis: body.analysis as Analysis | undefined, netlistOnly: true });
    return { netlist: r.netlist, nodeOf: r.nodeOf, netOf: r.netOf, partOf: r.partOf, warnings: r.warnings };
  });

  route(app, ctx, {
    method: 'POST', url: '/api/spice/simulate', access: 'user', bodyLimit: 16 * 1024 * 1024, raw: true,
    body: z.object({ netlist: text(4_000_000).optional(), circuit: circuitSchema.optional(), analysis: analysisSchema.optional() }).refine((b) => !!b.netlist !== !!b.circuit, 'give either netlist or circuit'),
    summary: 'Run a SPICE circuit or netlist with ngspice (time, memory and output limits): {plots: [{plotname, complex, points, vectors: [{name, type, re, im?}]}], netlist, netOf, ms}; SPICE_ERROR (4000005) names the part or net',
  }, async ({ req, reply, body, user }) => {
    if (body.netlist) {
      const unsafe = unsafeConstruct(body.netlist);
      if (unsafe) throw new ApiError(CODES.SPICE_ERROR, CatalogueError.named('SPICE_REFUSED', { what: unsafe }).message);
    }
    const r = await spiceJob(ctx, user!.uuid, { circuit: body.circuit as Circuit | undefined, netlist: body.netlist, analysis: body.analysis as Analysis | undefined });
    if ('bytes' in r) req.log.info({ user: user?.uuid, ms: Math.round(r.ms), points: r.points, bytes: r.bytes.byteLength }, 'spice simulation');
    return send(reply, r);
  });

  route(app, ctx, {
    method: 'POST', url: '/api/projects/:uuid/simulate', access: 'read', raw: true,
    body: z.object({ sheet: text(512).optional(), analysis: analysisSchema.optional(), netlistOnly: z.boolean().optional() }),
    summary: "Simulate a stored project's sheet ({sheet?: name, schematic/sheet or uuid (default the first sheet), analysis?, netlistOnly?}): its schematic, the child sheets of its blocks in other schematics and the project's model files (blobs); {title, sheets, netlist, nodeOf, netOf, partOf, warnings, plots, ms}; SPICE_ERROR (4000005) names the part or net",
  }, async ({ req, reply, body, user, project }) => {
    const rows = await projectRows(ctx, project!.uuid);
    const r = await spiceJob(ctx, user!.uuid, { rows, sheet: body.sheet, analysis: body.analysis as Analysis | undefined, netlistOnly: body.netlistOnly });
    if ('bytes' in r) req.log.info({ user: user?.uuid, project: project!.uuid, ms: Math.round(r.ms), points: r.points, bytes: r.bytes.byteLength }, 'spice simulation of a project');
    return send(reply, r);
  });
}
