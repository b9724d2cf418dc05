/**
 * The attributes of a board's schematic parts, for the BOM: EasyEDA keeps a part's Name, Value,
 * manufacturer and supplier parts on the schematic component (its ATTRs); the PCB component carries
 * only what was synced or changed there. Parts are matched by their "Unique ID" ATTR (the PCB
 * COMPONENT's attrs hold the same id); the parts of a multi-part symbol share it and are merged (the
 * first non-empty value of a key wins).
 */
import { SchAttr, SchComponent, type Raw } from '@copperplate/format/records';

/** Unique ID -> attribute key -> value (non-empty values only: an empty schematic value inherits). */
export type SchematicParts = Map<string, Map<string, string>>;

export function schematicParts(sheets: Iterable<readonly Raw[]>): SchematicParts {
  const out: SchematicParts = new Map();
  for (const recs of sheets) {
    const byComp = new Map<string, Map<string, string>>();
    for (const r of recs) if (SchComponent.is(r)) byComp.set(SchComponent.parse(r).id, new Map());
    for (const r of recs) {
      if (!SchAttr.is(r)) continue;
      const a = SchAttr.parse(r);
      const m = byComp.get(a.parentId);
      if (m && a.value !== '' && !m.has(a.key)) m.set(a.key, a.value);
    }
    for (const m of byComp.values()) {
      const uid = m.get('Unique ID');
      if (!uid) continue;
      const into = out.get(uid);
      if (!into) { out.set(uid, m); continue; }
      for (const [k, v] of m) if (!into.has(k)) into.set(k, v);
    }
  }
  return out;
}
