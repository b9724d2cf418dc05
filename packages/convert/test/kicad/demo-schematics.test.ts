/**
 * KiCad's demo projects import whole (.kicad_pro + boards + every sheet + libraries) and every sheet's
 * symbols, wires, labels and junctions are all in the imported page. The file's counts come from its
 * top-level lists; ours from the written V2 page (junctions: connection points where three or more
 * wire ends or pin ends meet, after the import split wires at KiCad's junction dots).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocType } from '@copperplate/model';
import { eproToProjectData, formatFailureReport, parseDocuments, projectDataToEpro, readEpro, writeEpro, type ProjectData } from '@copperplate/format';
import { Pin, SchAttr, SchComponent, Wire } from '@copperplate/format/records';
import { kicadToProject, readSexprs, placement, placePoint, type KicadFile } from '@copperplate/convert';
import { findFiles, kicadReference } from './reference.ts';

const ref = kicadReference();

/** The KiCad files of one demo project folder (its .kicad_pro's folder, libraries included). */
function projectFiles(pro: string): KicadFile[] {
  const dir = dirname(pro);
  const out: KicadFile[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.kicad_(pro|pcb|sch|sym|mod)$/.test(n)) out.push({ name: relative(dir, p), data: readFileSync(p) });
    }
  };
  walk(dir);
  return out;
}

function fileCounts(text: string) {
  const [root] = readSexprs(text);
  const c = { symbols: 0, wires: 0, labels: 0, junctions: 0 };
  for (const l of root) {
    if (!Array.isArray(l)) continue;
    if (l[0] === 'symbol') c.symbols++;
    else if (l[0] === 'wire') c.wires++;
    else if (l[0] === 'label' || l[0] === 'global_label' || l[0] === 'hierarchical_label') c.labels++;
    else if (l[0] === 'junction') c.junctions++;
  }
  return c;
}

/** Counts of one imported page, read from its records and its symbols' documents. */
function pageCounts(data: ProjectData, dataStr: string) {
  const symbolType = new Map(data.symbols.map((s) => [s.uuid, s.docType]));
  const symbolPins = new Map<string, Map<string, [number, number][]>>();
  const pinsOf = (uuid: string, part: string) => {
    let parts = symbolPins.get(uuid);
    if (!parts) {
      parts = new Map();
      let cur = '';
      const doc = data.symbols.find((s) => s.uuid === uuid);
      for (const r of doc ? parseDocuments(doc.dataStr)[0].records : []) {
        if (r[0] === 'PART') { cur = String(r[1]); parts.set(cur, []); }
        else if (r[0] === 'PIN') parts.get(cur)?.push([Pin.get(r, 'x'), Pin.get(r, 'y')]);
      }
      symbolPins.set(uuid, parts);
    }
    return parts.get(part) ?? [];
  };
  const recs = parseDocuments(dataStr)[0].records;
  const comps = new Map<string, unknown[]>();
  const symOf = new Map<string, string>();
  const c = { symbols: 0, wires: 0, labels: 0, junctions: 0 };
  for (const r of recs) {
    if (r[0] === 'COMPONENT') comps.set(SchComponent.get(r, 'id'), r);
    if (r[0] === 'ATTR' && SchAttr.get(r, 'key') === 'Symbol') symOf.set(SchAttr.get(r, 'parentId'), SchAttr.get(r, 'value'));
    if (r[0] === 'ATTR' && SchAttr.get(r, 'key') === 'NET') c.labels++;
    if (r[0] === 'WIRE') c.wires++;
  }
  const ends = new Map<string, number>();
  const hit = (x: number, y: number) => { const k = `${Math.round(x * 100)},${Math.round(y * 100)}`; ends.set(k, (ends.get(k) ?? 0) + 1); };
  for (const r of recs) if (r[0] === 'WIRE') for (const line of Wire.get(r, 'points') as number[][]) { hit(line[0], line[1]); hit(line[line.length - 2], line[line.length - 1]); }
  for (const [id, r] of comps) {
    const t = symbolType.get(symOf.get(id) ?? '');
    if (t === DocType.PART || t === DocType.NETFLAG) c.symbols++;
    if (t === DocType.NETPORT) c.labels++;
    if (t === DocType.PART || t === DocType.NETFLAG) {
      const pl = { rot: SchComponent.get(r, 'rotation'), mirror: SchComponent.get(r, 'mirror') };
      for (const [px, py] of pinsOf(symOf.get(id)!, SchComponent.get(r, 'partId'))) hit(...placePoint(px, py, pl, SchComponent.get(r, 'x'), SchComponent.get(r, 'y')));
    }
  }
  for (const n of ends.values()) if (n >= 3) c.junctions++;
  void placement;
  return c;
}

describe.skipIf(!ref.demos)(`[issue-15] KiCad demo projects${ref.reason && !ref.demos ? ` (skipped: ${ref.reason})` : ''}`, () => {
  const pros = ref.demos ? findFiles(ref.demos, '.kicad_pro') : [];

  it('every demo project imports and our own import pipeline reads the result without a failure', () => {
    expect(pros.length).toBeGreaterThanOrEqual(15);
    const failed: string[] = [];
    for (const pro of pros) {
      const { data } = kicadToProject(projectFiles(pro));
      const back = eproToProjectData(readEpro(writeEpro(projectDataToEpro(data)), { name: basename(pro) }));
      if (!back.ok) failed.push(`${basename(pro)}: ${formatFailureReport(back.failures)}`);
    }
    expect(failed).toEqual([]);
  }, 300_000);

  it('every sheet keeps the file\'s symbol, wire, label and junction counts', () => {
    const mismatches: string[] = [];
    const table: string[] = [];
    for (const pro of pros) {
      const files = projectFiles(pro);
      const { data, documents } = kicadToProject(files);
      for (const f of files.filter((x) => x.name.endsWith('.kicad_sch'))) {
        const want = fileCounts(new TextDecoder().decode(f.data as Uint8Array));
        const page = data.sheets.find((s) => s.uuid === documents.get(f.name));
        const got = page ? pageCounts(data, page.dataStr) : null;
        const where = `${basename(pro, '.kicad_pro')}/${f.name}`;
        table.push(`${where}: symbols ${got?.symbols}/${want.symbols} wires ${got?.wires}/${want.wires} labels ${got?.labels}/${want.labels} junctions ${got?.junctions}/${want.junctions} (ours/file)`);
        if (JSON.stringify(got) !== JSON.stringify(want)) mismatches.push(`${where}: ours ${JSON.stringify(got)}, file ${JSON.stringify(want)}`);
      }
    }
    console.log(table.join('\n'));
    expect(mismatches).toEqual([]);
  }, 300_000);
});
