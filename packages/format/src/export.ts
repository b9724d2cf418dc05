/**
 * ProjectData -> EproArchive: project.json (ARC-2) rebuilt from the normalised project plus the keys
 * it does not model, and every document at its archive path (ARC-1; pours and fonts named
 * base64(path)). Library projects (ARC-3) write their library json files instead of project.json.
 */
import type { EproArchive } from './epro.ts';
import type { ProjectData } from './project-data.ts';
import * as P from './paths.ts';
import { LIBRARY_FILES, PROJECT_JSON_KEYS, isPlainObject, setKey } from './project-json.ts';
import { rebaseJson } from './json-rebase.ts';

type Obj = Record<string, unknown>;

function withExtra(fields: Obj, extra: Obj | undefined): Obj {
  const o: Obj = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) setKey(o, k, v);
  if (extra) for (const [k, v] of Object.entries(extra)) if (!(k in o)) setKey(o, k, v);
  return o;
}

/**
 * project.json of a ProjectData as written: the model's maps (modelProjectJson) with every value that
 * did not change since the import written as it was read (rebaseJson: JSON types, key order, entries
 * the import could not take).
 */
export function projectJsonOf(d: ProjectData): Obj {
  const now = modelProjectJson(d);
  const { asRead, asImported } = d.projectExtra;
  if (typeof asRead !== 'string' || typeof asImported !== 'string') return now;
  let read: unknown, imported: unknown;
  try {
    read = JSON.parse(asRead);
    imported = JSON.parse(asImported);
  } catch {
    return now;
  }
  if (!isPlainObject(read) || !isPlainObject(imported)) return now;
  return rebaseJson(read, imported, now);
}

/** The maps of project.json for a ProjectData as the model holds them, keyed as ARC-2. */
export function modelProjectJson(d: ProjectData): Obj {
  const schematics: Obj = {};
  for (const s of d.schematics) {
    const sheets = d.sheets
      .filter((sh) => sh.schematic_uuid === s.uuid)
      .sort((x, y) => {
        const ix = s.sort.indexOf(x.uuid);
        const iy = s.sort.indexOf(y.uuid);
        return (ix < 0 ? Infinity : ix) - (iy < 0 ? Infinity : iy);
      })
      .map((sh) => withExtra({ name: sh.display_title, id: sh.sheet_id, uuid: sh.uuid }, sh.extra));
    setKey(schematics, s.uuid, withExtra({ name: s.display_name, sheets }, s.extra));
  }
  const pcbLike = (items: ProjectData['pcbs'] | ProjectData['panels']): Obj => {
    const out: Obj = {};
    for (const p of items) {
      const parent = 'parent_uuid' in p ? p.parent_uuid : undefined;
      const objectForm = p.extra !== undefined || p.titleKey !== undefined || parent !== undefined;
      setKey(out, p.uuid, objectForm ? withExtra({ [p.titleKey ?? 'name']: p.display_title, parent_uuid: parent }, p.extra) : p.display_title);
    }
    return out;
  };
  const library = (items: ProjectData['symbols'] | ProjectData['footprints'], order: 'symbol' | 'footprint'): Obj => {
    const out: Obj = {};
    for (const s of items) {
      const f =
        order === 'symbol'
          ? { source: s.source, desc: s.description, tags: s.tags, custom_tags: s.custom_tags, title: s.display_title, version: s.version, type: s.docType }
          : { title: s.display_title, source: s.source, version: s.version, type: s.docType, desc: s.description, tags: s.tags, custom_tags: s.custom_tags };
      setKey(out, s.uuid, withExtra(f, s.extra));
    }
    return out;
  };
  const devices: Obj = {};
  for (const v of d.devices) {
    setKey(
      devices,
      v.uuid,
      withExtra(
        { title: v.display_title, attributes: v.attributes, description: v.description, tags: v.tags, images: v.images, source: v.source, version: v.version, custom_tags: v.custom_tags },
        v.extra,
      ),
    );
  }
  const boards: Obj = {};
  for (const b of d.boards) setKey(boards, b.name, { schematic: b.sch, pcb: b.pcb });
  const attrs: Obj = {};
  for (const a of d.attributes) setKey(attrs, a.path, a.attr);

  const known: Obj = {
    schematics,
    pcbs: pcbLike(d.pcbs),
    panels: pcbLike(d.panels),
    symbols: library(d.symbols, 'symbol'),
    footprints: library(d.footprints, 'footprint'),
    devices,
    boards,
    config: withExtra({ title: d.title, cbbProject: d.cbbProject, defaultSheet: d.defaultSheet }, d.projectExtra.config),
  };
  if (d.attributes.length > 0 || d.projectExtra.order.includes('block_symbol_attribute')) known.block_symbol_attribute = attrs;
  const out: Obj = {};
  const order = [...d.projectExtra.order, ...PROJECT_JSON_KEYS];
  for (const k of order) {
    if (k in out) continue;
    if (k in known) setKey(out, k, known[k]);
    else if (Object.prototype.hasOwnProperty.call(d.projectExtra.top, k)) setKey(out, k, d.projectExtra.top[k]);
  }
  for (const [k, v] of Object.entries(d.projectExtra.top)) if (!(k in out)) setKey(out, k, v);
  return out;
}

export function projectDataToEpro(d: ProjectData): EproArchive {
  const entries = new Map<string, Uint8Array | string>();
  const pj = projectJsonOf(d);
  let projectJson: Obj = pj;
  if (d.library && d.library.length > 0) {
    projectJson = {};
    for (const l of d.library) {
      const key = LIBRARY_FILES.find((f) => f.file === l.file)?.key;
      if (!key) continue;
      const map = pj[key] ?? {};
      entries.set(l.file, JSON.stringify(l.wrapped ? { [key]: map } : map, null, 2));
    }
  }
  for (const s of d.sheets) entries.set(P.sheetPath(s.schematic_uuid, s.sheet_id), s.dataStr);
  for (const s of d.symbols) entries.set(P.symbolPath(s.uuid), s.dataStr);
  for (const f of d.footprints) entries.set(P.footprintPath(f.uuid), f.dataStr);
  for (const p of d.pcbs) entries.set(P.pcbPath(p.uuid), p.dataStr);
  for (const p of d.panels) entries.set(P.panelPath(p.uuid), p.dataStr);
  for (const c of d.coppers) entries.set(P.pourPath(c.path), c.dataStr);
  for (const f of d.fonts) entries.set(P.fontPath(f.path), f.dataStr);
  for (const b of d.blobs) entries.set(P.blobPath(b.hash), b.dataStr);
  for (const [k, v] of Object.entries(d.files)) if (!entries.has(k)) entries.set(k, v);
  return { projectJson, entries };
}
