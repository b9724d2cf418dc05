/**
 * Writing project.json back exactly as read (FORMAT.md "Archives as real exports vary": values keep
 * their JSON type, and every value is written back as read).
 *
 * The import normalises project.json into the model (a number `version` becomes a string, keys take
 * the model's order, an entry that fails to import is left out). The export rebuilds project.json
 * from the model. `rebaseJson(read, imported, now)` puts the two together, like a three-way merge:
 * `read` is project.json as read, `imported` what the model gave right after the import, `now` what
 * it gives at export time. Where `now` equals `imported` (nothing changed since the import) the value
 * as read is written; where it changed, the new value, inside the read object's key order; keys only
 * the file had (entries the model could not take) stay; keys the model removed since go.
 */
import { setKey } from './project-json.ts';

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
const has = (o: Obj, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** Deep equality of JSON values; object key order does not matter (stores may reorder keys). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (isObj(a)) {
    if (!isObj(b)) return false;
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    for (const k of ka) if (!has(b, k) || !sameJson(a[k], b[k])) return false;
    return true;
  }
  return false;
}

/** The uuid of each element when every element is an object with a distinct string uuid (sheet lists). */
function uuids(arr: unknown[]): string[] | null {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const e of arr) {
    const u = isObj(e) ? e.uuid : undefined;
    if (typeof u !== 'string' || seen.has(u)) return null;
    seen.add(u);
    out.push(u);
  }
  return out;
}

const MISSING = Symbol('missing');

function rebase(read: unknown, imported: unknown, now: unknown): unknown {
  if (imported === MISSING) return now; // no basis (the model did not have it at import): the model's value
  if (sameJson(imported, now)) return read;
  if (isObj(read) && isObj(now)) {
    const imp = isObj(imported) ? imported : undefined;
    const out: Obj = {};
    for (const k of Object.keys(read)) {
      if (has(now, k)) setKey(out, k, rebase(read[k], imp && has(imp, k) ? imp[k] : MISSING, now[k]));
      else if (imp && has(imp, k)) continue; // the model had it and dropped it since: removed
      else setKey(out, k, read[k]); // never in the model (an entry it could not take): kept as read
    }
    for (const k of Object.keys(now)) {
      if (has(read, k)) continue;
      if (imp && has(imp, k) && sameJson(imp[k], now[k])) continue; // a model default the file did not have
      setKey(out, k, now[k]);
    }
    return out;
  }
  if (Array.isArray(read) && Array.isArray(now)) {
    const ur = uuids(read);
    const un = uuids(now);
    const imp = Array.isArray(imported) ? imported : [];
    const ui = uuids(imp);
    if (ur && un && ui) {
      const nowBy = new Map(un.map((u, i) => [u, now[i]]));
      const impBy = new Map(ui.map((u, i) => [u, imp[i]]));
      const readBy = new Map(ur.map((u, i) => [u, read[i]]));
      const common = ur.filter((u) => nowBy.has(u));
      const sameOrder = common.every((u, i) => u === un.filter((x) => readBy.has(x))[i]);
      const merged = (u: string) => rebase(readBy.get(u), impBy.has(u) ? impBy.get(u) : MISSING, nowBy.get(u));
      const out: unknown[] = [];
      if (sameOrder) {
        for (const u of ur) {
          if (nowBy.has(u)) out.push(merged(u));
          else if (!impBy.has(u)) out.push(readBy.get(u)); // never in the model: kept
        }
        for (const u of un) if (!readBy.has(u)) out.push(nowBy.get(u));
      } else {
        for (const u of un) out.push(readBy.has(u) ? merged(u) : nowBy.get(u));
        for (const u of ur) if (!nowBy.has(u) && !impBy.has(u)) out.push(readBy.get(u));
      }
      return out;
    }
  }
  return now;
}

/**
 * project.json to write: `now` (from the model) with every value that did not change since the
 * import written as it was read (see the module comment). Pure; inputs are not modified.
 */
export function rebaseJson(read: Obj, imported: Obj, now: Obj): Obj {
  return rebase(read, imported, now) as Obj;
}
