/**
 * V3 PANEL (and PANEL_LIB) documents to our V2 panel records (records/panel/). The panel records'
 * V2 layout is ours and keeps EasyEDA's V3 field order, so each field is taken from the body by the
 * V3 name its module declares (`fields[k].v3`); the record id is the line's id. Units are the same
 * (mil, EasyEDA's panel frame). META carries the title (project.json); ELE_PLACEHOLDER reserves ids.
 */
import type { EpruDocument } from './epru.ts';
import type { Tally } from './report.ts';
import * as R from '../records/index.ts';

type Body = Record<string, unknown>;
type AnyKind = R.RecordKind<R.FieldTable>;

const KINDS: Readonly<Record<string, AnyKind>> = {
  CANVAS: R.PanelCanvas as unknown as AnyKind,
  POLY: R.PanelPoly as unknown as AnyKind,
  STRING: R.PanelString as unknown as AnyKind,
  DIMENSION: R.PanelDimension as unknown as AnyKind,
  AUXLINE: R.AuxLine as unknown as AnyKind,
  GROUP: R.PanelGroup as unknown as AnyKind,
};

/** The body fields a record must have to be drawn (else it is reported as invalid). */
const REQUIRED: Readonly<Record<string, (b: Body) => boolean>> = {
  CANVAS: (b) => typeof b.width === 'string' && typeof b.height === 'string',
  POLY: (b) => Array.isArray(b.ploys),
  STRING: (b) => typeof b.value === 'string',
  DIMENSION: (b) => Array.isArray(b.controlDot),
  AUXLINE: (b) => typeof b.x === 'number' && typeof b.y === 'number',
  GROUP: () => true,
};

const NOT_CARRIED: Record<string, string> = { ELE_PLACEHOLDER: 'editor id reservation, no content' };

/** One V3 panel record body as our V2 record (every declared field written, V3 values kept as they are). */
export function panelRecordFromV3(type: string, id: string, body: Body): unknown[] | null {
  const k = KINDS[type];
  if (!k || !REQUIRED[type](body)) return null;
  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(k.fields)) {
    if (name === 'id') values.id = id;
    else if (spec.v3 && body[spec.v3] !== undefined) values[name] = body[spec.v3];
  }
  return k.create(values as never);
}

/** A V2 panel record as a V3 body (the inverse of panelRecordFromV3; for tests and a future V3 writer). */
export function panelRecordToV3(r: readonly unknown[]): { type: string; id: string; body: Body } | null {
  const type = typeof r[0] === 'string' ? r[0] : '';
  const k = KINDS[type];
  if (!k) return null;
  const p = k.parse(r) as Record<string, unknown>;
  const body: Body = {};
  for (const [name, spec] of Object.entries(k.fields)) if (name !== 'id' && spec.v3) body[spec.v3] = p[name];
  return { type, id: type === 'CANVAS' ? 'CANVAS' : String(p.id ?? ''), body };
}

/** The records of a V3 panel document, DOCTYPE and HEAD first; every record carried or reported. */
export function convertPanelDoc(d: EpruDocument, tally: Tally, head: Record<string, unknown>): unknown[][] {
  const out: unknown[][] = [['DOCTYPE', d.docType === 'PANEL_LIB' ? 'PANEL_LIB' : 'PANEL', '1.0'], ['HEAD', head]];
  const canvas: unknown[][] = [];
  for (const r of d.records.values()) {
    if (r.body === null) tally.skip('deleted record', 'empty body: the deletion was applied');
    else if (r.type === 'META' || r.type === 'DELETE_DOC') tally.carry();
    else if (NOT_CARRIED[r.type]) tally.skip(`${d.docType} ${r.type}`, NOT_CARRIED[r.type]);
    else if (!KINDS[r.type]) tally.skip(`${d.docType} ${r.type}`, 'no converter for this record type');
    else {
      const rec = panelRecordFromV3(r.type, r.id, r.body);
      if (!rec) tally.skip(`${d.docType} ${r.type}`, 'invalid: does not match the record definition');
      else {
        (r.type === 'CANVAS' ? canvas : out).push(rec);
        tally.carry();
      }
    }
  }
  // the canvas first, as in our other documents
  out.splice(2, 0, ...canvas);
  return out;
}
