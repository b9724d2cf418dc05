/**
 * The SPICE calls of SPEC §7 (issue 18): `POST /api/spice/netlist` writes the SPICE netlist of a
 * circuit (parts, attributes, pin nets: what the client's schematic netlist gives, see
 * @copperplate/spice) and `POST /api/spice/simulate` runs a circuit or a netlist through ngspice in
 * batch mode in a child process with a time, memory and output limit (spice/ngspice.ts). Problems come
 * back as SPICE_ERROR (4000005) with a message naming the part or net (missing model, floating node,
 * no convergence, time-out). Netlists sent as text may not use `.control` or `.include`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CatalogueError, CODES } from '@copperplate/model';
import { unsafeConstruct, writeNetlist, type Analysis, type Circuit, type Plot } from '@copperplate/spice';
import type { Ctx } from '../context.ts';
import { ApiError, route } from '../http.ts';
import { runNgspice } from '../spice/ngspice.ts';

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

function spiceError(e: unknown): never {
  if (e instanceof CatalogueError) throw new ApiError(CODES.SPICE_ERROR, e.message);
  throw e;
}

function netlistOf(circuit: Circuit, analysis?: Analysis) {
  if (analysis) for (const v of Object.values(analysis)) if (typeof v === 'string' && v !== analysis.kind && !NUMBERISH.test(v)) spiceError(CatalogueError.named('SPICE_FAILED', { reason: `bad analysis value ${v}` }));
  const r = writeNetlist(circuit, { analysis });
  if (r.errors.length) throw new ApiError(CODES.SPICE_ERROR, r.errors.map((e) => e.message).join('\n'));
  return r;
}

/** Plots as JSON: numbers in full (float64 survives JSON). */
export function plotsJson(plots: Plot[]) {
  return plots.map((p) => ({
    title: p.title, plotname: p.plotname, complex: p.complex, points: p.points,
    vectors: p.vectors.map((v) => ({ name: v.name, type: v.type, re: Array.from(v.re), ...(v.im ? { im: Array.from(v.im) } : {}) })),
  }));
}

export function spiceRoutes(app: FastifyInstance, ctx: Ctx): void {
  route(app, ctx, {
    method: 'POST', url: '/api/spice/netlist', access: 'user', bodyLimit: 16 * 1024 * 1024,
    body: z.object({ circuit: circuitSchema, analysis: analysisSchema.optional() }),
    summary: 'SPICE netlist of a circuit ({circuit: {title, parts: [{designator, attrs, pins: [{number, name, net}]}], directives, models}, analysis?}): {netlist, nodeOf, netOf, partOf}; SPICE_ERROR (4000005) names the part or net',
  }, async ({ body }) => {
    const r = netlistOf(body.circuit as Circuit, body.analysis as Analysis | undefined);
    return { netlist: r.text, nodeOf: r.nodeOf, netOf: r.netOf, partOf: r.partOf, warnings: r.warnings };
  });

  route(app, ctx, {
    method: 'POST', url: '/api/spice/simulate', access: 'user', bodyLimit: 16 * 1024 * 1024,
    body: z.object({ netlist: text(4_000_000).optional(), circuit: circuitSchema.optional(), analysis: analysisSchema.optional() }).refine((b) => !!b.netlist !== !!b.circuit, 'give either netlist or circuit'),
    summary: 'Run a SPICE circuit or netlist with ngspice (time, memory and output limits): {plots: [{plotname, complex, points, vectors: [{name, type, re, im?}]}], netlist, netOf, ms}; SPICE_ERROR (4000005) names the part or net',
  }, async ({ req, body, user }) => {
    let netlist: string;
    let maps: { netOf: Record<string, string>; partOf: Record<string, string> } = { netOf: {}, partOf: {} };
    if (body.circuit) {
      const r = netlistOf(body.circuit as Circuit, body.analysis as Analysis | undefined);
      netlist = r.text;
      maps = r;
    } else {
      netlist = body.netlist!;
      const bad = unsafeConstruct(netlist);
      if (bad) spiceError(CatalogueError.named('SPICE_REFUSED', { what: bad }));
    }
    try {
      const run = await runNgspice(netlist, maps);
      req.log.info({ user: user?.uuid, ms: Math.round(run.ms), points: run.plots[0]?.points }, 'spice simulation');
      return { plots: plotsJson(run.plots), netlist, netOf: maps.netOf, partOf: maps.partOf, ms: run.ms };
    } catch (e) {
      return spiceError(e);
    }
  });
}
