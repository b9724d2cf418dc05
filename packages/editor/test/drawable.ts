/**
 * Which records of a sheet must draw something, decided from the file text alone (independent of
 * the painter's own filters), with the inheritance EasyEDA applies to a component's ATTRs: a null
 * visibility or position comes from the symbol's ATTR of the same key, a null value from the device
 * (project.json) or the symbol. Used by the render tests and the render coverage count.
 */
type R = unknown[];

const SHAPES = new Set(['COMPONENT', 'WIRE', 'BUS', 'BUSENTRY', 'TEXT', 'RECT', 'POLY', 'CIRCLE', 'ELLIPSE', 'ARC', 'BEZIER', 'OBJ', 'TABLE']);
const on = (v: unknown): boolean => v === 1 || v === true || v === '1';
const nul = (v: unknown): boolean => v === null || v === undefined;

export interface DrawableContext {
  /** Symbol file text by uuid. */
  symbolText(uuid: string): string | undefined;
  /** Device attributes by device uuid. */
  device(uuid: string): Record<string, unknown> | undefined;
}

function lines(text: string): R[] {
  const out: R[] = [];
  for (const l of text.split('\n')) {
    const t = l.trim();
    if (!t.startsWith('[')) continue;
    try { out.push(JSON.parse(t.replace(/\|\|.*$/, '')) as R); } catch { /* a line the test does not read */ }
  }
  return out;
}

/** Ids of the sheet's records that must be drawn (each as an element with its data-id). */
export function drawableSheetIds(text: string, ctx: DrawableContext): string[] {
  const recs = lines(text);
  const byId = new Map<string, R>();
  const attrsOf = new Map<string, Map<string, R>>();
  for (const r of recs) {
    if (typeof r[1] === 'string') byId.set(r[1], r);
    if (r[0] === 'ATTR' && typeof r[2] === 'string') {
      let m = attrsOf.get(r[2]); if (!m) attrsOf.set(r[2], (m = new Map())); m.set(String(r[3]), r);
    }
  }
  const symAttrs = new Map<string, Map<string, R>>();
  const symbolAttrs = (uuid: string): Map<string, R> => {
    let m = symAttrs.get(uuid);
    if (m) return m;
    m = new Map();
    for (const r of lines(ctx.symbolText(uuid) ?? '')) if (r[0] === 'ATTR' && r[2] === '' && !m.has(String(r[3]))) m.set(String(r[3]), r);
    symAttrs.set(uuid, m);
    return m;
  };
  const ids: string[] = [];
  for (const r of recs) {
    const id = r[1];
    if (typeof id !== 'string') continue;
    if (SHAPES.has(r[0] as string)) { ids.push(id); continue; }
    if (r[0] !== 'ATTR') continue;
    if (r[3] === 'NO_CONNECT') { if (['yes', 'true', '1'].includes(String(r[4]).toLowerCase())) ids.push(id); continue; }
    const parent = byId.get(String(r[2]));
    if (parent?.[0] === 'COMPONENT') {
      const own = attrsOf.get(String(r[2])) ?? new Map<string, R>();
      const dev = ctx.device(String(own.get('Device')?.[4] ?? '')) ?? {};
      const symUuid = String(own.get('Symbol')?.[4] || dev.Symbol || '');
      const s = symbolAttrs(symUuid).get(String(r[3]));
      const vis = (nul(r[5]) ? on(s?.[5]) : on(r[5])) || (nul(r[6]) ? on(s?.[6]) : on(r[6]));
      const placed = !nul(r[7]) && !nul(r[8]) || (!!s && !nul(s[7]) && !nul(s[8]));
      const value = nul(r[4]) || r[4] === '' ? String(dev[String(r[3])] || s?.[4] || '') : String(r[4]);
      const keyShown = nul(r[5]) ? on(s?.[5]) : on(r[5]);
      if (vis && placed && (value !== '' || keyShown)) ids.push(id);
      continue;
    }
    if ((on(r[5]) || on(r[6])) && !nul(r[7]) && !nul(r[8]) && (String(r[4] ?? '') !== '' || on(r[5]))) ids.push(id);
  }
  return ids;
}

/**
 * data-id values of the elements of an SVG that draw something: a `<g data-id>` with a shape or a
 * non-empty text inside (schematic painters), or a shape carrying its data-id itself (PCB painters).
 */
export function drawnIds(svg: string): Set<string> {
  const out = new Set<string>();
  for (const m of svg.matchAll(/<(?:path|polyline|polygon|circle|ellipse|image|rect|line)\b[^>]*\sdata-id="([^"]*)"/g)) out.add(m[1]);
  for (const m of svg.matchAll(/<text\b[^>]*\sdata-id="([^"]*)"[^>]*>(?:<tspan[^>]*>)?[^<]+</g)) out.add(m[1]);
  // top-level record groups: <g data-id="..." data-kind="..."> ... </g> (nested groups carry no data-id or their own)
  const re = /<g data-id="([^"]*)" data-kind="[^"]*"[^>]*>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(svg))) {
    let depth = 1, i = re.lastIndex;
    const tag = /<(\/?)g\b[^>]*>/g;
    tag.lastIndex = i;
    let t: RegExpExecArray | null;
    let end = svg.length;
    while ((t = tag.exec(svg))) {
      depth += t[1] ? -1 : 1;
      if (depth === 0) { end = t.index; break; }
    }
    const body = svg.slice(i, end);
    if (/<(polyline|polygon|path|circle|ellipse|image|rect)\b/.test(body) || /<text\b[^>]*>(?:<tspan[^>]*>)?[^<]+</.test(body)) out.add(m[1]);
  }
  return out;
}
