/**
 * Panel drawings as SVG: `picture` (the plate in its colours, print on it, cut-outs open) and `cut`
 * (the cutter's file: outline and cut-out contours as hairlines, print artwork in its own group).
 * Units: the viewBox is in mil (the panel frame), width/height in mm. Pure.
 */
import { type Contour, bulgeArc, flatten } from './path.ts';
import { type PanelItem, type PanelModel, cssColour, plateColour } from './model.ts';
import { PANEL_LAYER } from '@copperplate/format/records';

const f = (v: number) => String(Math.round(v * 1000) / 1000);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** SVG path data of contours (arcs as SVG arcs). */
export function contoursD(cs: readonly Contour[]): string {
  const out: string[] = [];
  for (const c of cs) {
    const n = c.pts.length;
    if (!n) continue;
    out.push(`M${f(c.pts[0].x)} ${f(c.pts[0].y)}`);
    const segs = c.closed ? n : n - 1;
    for (let i = 0; i < segs; i++) {
      const p = c.pts[i], q = c.pts[(i + 1) % n];
      if (p.b) {
        const a = bulgeArc(p.x, p.y, q.x, q.y, p.b);
        out.push(`A${f(a.r)} ${f(a.r)} 0 ${Math.abs(a.sweep) > Math.PI ? 1 : 0} ${a.sweep > 0 ? 1 : 0} ${f(q.x)} ${f(q.y)}`);
      } else if (i < n - 1) out.push(`L${f(q.x)} ${f(q.y)}`);
    }
    if (c.closed) out.push('Z');
  }
  return out.join('');
}

export interface PanelSvgOptions {
  mode: 'picture' | 'cut';
  /** Draw dimensions (picture mode; default true). */
  dimensions?: boolean;
  /** Margin around the plate (mil). */
  margin?: number;
  /** The picture of an image fill `blob:<hash>` (a data: URL), from the project's blobs; unresolved ones are hatched. */
  image?: (ref: string) => string | undefined;
}

/** A data: URL fit to be an SVG attribute (images only; anything else is refused). */
const imageHref = (u: string | undefined): string | undefined => (u && /^data:image\/(png|jpeg|webp|gif|svg\+xml);base64,[A-Za-z0-9+/=\s]+$/.test(u) ? u.replace(/\s+/g, '') : undefined);

/**
 * A poly filled with a picture (fillColor `data:image/...` or `blob:<hash>`, EasyEDA's image fill):
 * the image stretched over the shape's box and clipped to the shape; a missing picture is hatched.
 */
function imageItem(it: Extract<PanelItem, { kind: 'poly' }>, image?: (ref: string) => string | undefined): string {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const c of it.contours) for (const p of flatten(c)) { minX = Math.min(minX, p.x); maxX = Math.max(maxX, p.x); minY = Math.min(minY, p.y); maxY = Math.max(maxY, p.y); }
  if (!Number.isFinite(minX)) return '';
  const d = contoursD(it.contours);
  const cid = `clip-${esc(it.id)}`;
  const href = imageHref(it.fill.startsWith('data:') ? it.fill : image?.(it.fill.slice(5)));
  const body = href
    ? `<image href="${href}" x="${f(minX)}" y="${f(minY)}" width="${f(maxX - minX)}" height="${f(maxY - minY)}" preserveAspectRatio="none" clip-path="url(#${cid})"/>`
    : `<path d="${d}" fill="none" stroke="#999" stroke-width="2" stroke-dasharray="8 6"/><path d="M${f(minX)} ${f(minY)}L${f(maxX)} ${f(maxY)}M${f(minX)} ${f(maxY)}L${f(maxX)} ${f(minY)}" stroke="#999" stroke-width="2"/>`;
  return `<g data-id="${esc(it.id)}" data-image="${href ? 'yes' : 'missing'}"><clipPath id="${cid}"><path d="${d}" clip-rule="evenodd"/></clipPath>${body}</g>`;
}

function printItem(it: PanelItem, image?: (ref: string) => string | undefined): string {
  if (it.kind === 'poly' && it.closed && (it.fill.startsWith('data:') || it.fill.startsWith('blob:'))) return imageItem(it, image);
  if (it.kind === 'poly') {
    const fill = it.fill && !it.fill.startsWith('data:') && !it.fill.startsWith('blob:') && it.closed ? cssColour(it.fill, 'none') : 'none';
    const stroke = it.stroke && it.strokeWidth > 0 ? cssColour(it.stroke, 'none') : fill === 'none' ? '#000' : 'none';
    return `<path data-id="${esc(it.id)}" d="${contoursD(it.contours)}" fill="${fill}" fill-rule="evenodd" stroke="${stroke}" stroke-width="${f(Math.max(it.strokeWidth, 1))}"/>`;
  }
  if (it.kind === 'text') {
    const c = cssColour(it.color, '#000');
    // text in a named font with no outlines stored: set in that font (the stroke-font contours stay the model's box)
    if (it.stroked && it.font && it.font !== 'default') {
      const [h, v] = it.align.split('_');
      const anchor = h === 'CENTER' ? 'middle' : h === 'RIGHT' ? 'end' : 'start';
      const base = v === 'TOP' ? 'hanging' : v === 'MIDDLE' ? 'central' : 'alphabetic';
      const turn = Math.abs(it.turn) > 1e-6 ? ` transform="rotate(${f(it.turn)} ${f(it.x)} ${f(it.y)})"` : '';
      return `<text data-id="${esc(it.id)}" data-text="${esc(it.text)}" x="${f(it.x)}" y="${f(it.y)}" font-family="${esc(it.font)}" font-size="${f(it.size)}"${it.bold ? ' font-weight="bold"' : ''}${it.italic ? ' font-style="italic"' : ''} text-anchor="${anchor}" dominant-baseline="${base}" fill="${c}"${turn}>${esc(it.text)}</text>`;
    }
    return it.stroked
      ? `<path data-id="${esc(it.id)}" data-text="${esc(it.text)}" d="${contoursD(it.contours)}" fill="none" stroke="${c}" stroke-width="${f(it.strokeWidth)}" stroke-linecap="round" stroke-linejoin="round"/>`
      : `<path data-id="${esc(it.id)}" data-text="${esc(it.text)}" d="${contoursD(it.contours)}" fill="${c}" fill-rule="nonzero"/>`;
  }
  return '';
}

function docItem(it: PanelItem, m: PanelModel): string {
  if (it.kind === 'dimension') {
    const l = it.lines.map(([a, b, c, d]) => `M${f(a)} ${f(b)}L${f(c)} ${f(d)}`).join('');
    return `<g data-id="${esc(it.id)}" class="dimension"><path d="${l}" stroke="#1565c0" stroke-width="3" fill="none"/>` +
      `<text x="${f(it.lx)}" y="${f(it.ly - 12)}" font-size="${f(it.size)}" font-family="sans-serif" text-anchor="middle" fill="#1565c0" transform="rotate(${f(it.angle)} ${f(it.lx)} ${f(it.ly)})">${esc(it.label)}</text></g>`;
  }
  if (it.kind === 'aux') {
    const L = 2 * Math.max(m.box.maxX - m.box.minX, m.box.maxY - m.box.minY, 1000);
    const a = (it.angle * Math.PI) / 180, dx = Math.cos(a) * L, dy = Math.sin(a) * L;
    return `<path data-id="${esc(it.id)}" class="aux" d="M${f(it.x - dx)} ${f(it.y - dy)}L${f(it.x + dx)} ${f(it.y + dy)}" stroke="${cssColour(it.color, '#00a0ff')}" stroke-width="2" stroke-dasharray="12 8" fill="none"/>`;
  }
  return '';
}

/** The SVG document of a resolved panel. */
export function panelSvg(m: PanelModel, o: PanelSvgOptions): string {
  const mg = o.margin ?? 100;
  const b = m.box;
  const x = b.minX - mg, y = b.minY - mg, w = b.maxX - b.minX + 2 * mg, h = b.maxY - b.minY + 2 * mg;
  const mm = (v: number) => f((v * 25.4) / 1000);
  const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${mm(w)}mm" height="${mm(h)}mm" viewBox="${f(x)} ${f(y)} ${f(w)} ${f(h)}" data-material="${esc(m.settings.material)}" data-thickness="${esc(m.settings.thickness)}">`;
  const parts: string[] = [head];
  const print = m.items.filter((i) => (i.kind === 'poly' || i.kind === 'text') && i.layer === PANEL_LAYER.PRINT);
  if (o.mode === 'picture') {
    parts.push(`<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="#ffffff"/>`);
    parts.push(`<path class="plate" d="${contoursD([...m.outline, ...m.cutouts])}" fill="${cssColour(plateColour(m.settings), '#e4e4e4')}" fill-rule="evenodd" stroke="#555" stroke-width="4"/>`);
    parts.push(`<g class="print">${print.map((i) => printItem(i, o.image)).join('')}</g>`);
    if (o.dimensions !== false) parts.push(`<g class="document">${m.items.filter((i) => i.kind === 'dimension').map((i) => docItem(i, m)).join('')}</g>`);
  } else {
    const hair = 'fill="none" stroke="#ff0000" stroke-width="1"';
    parts.push(`<g id="outline" class="cut">${m.outline.map((c) => `<path d="${contoursD([c])}" ${hair}/>`).join('')}</g>`);
    parts.push(`<g id="cutouts" class="cut">${m.cutouts.map((c) => `<path d="${contoursD([c])}" ${hair}/>`).join('')}</g>`);
    parts.push(`<g id="print" class="print">${print.map((i) => printItem(i, o.image)).join('')}</g>`);
  }
  parts.push('</svg>');
  return parts.join('');
}

/** The drawing of the editor's canvas (picture, with dimensions and auxiliary lines), without the `hidden` layers. */
export function panelEditorSvg(model: PanelModel, hidden?: ReadonlySet<number>): string {
  const m = hidden?.size
    ? { ...model, items: model.items.filter((i) => !hidden.has(i.layer)), outline: hidden.has(PANEL_LAYER.OUTLINE) ? [] : model.outline, cutouts: hidden.has(PANEL_LAYER.CUT) ? [] : model.cutouts }
    : model;
  const svg = panelSvg(m, { mode: 'picture' });
  const aux = m.items.filter((i) => i.kind === 'aux').map((i) => docItem(i, m)).join('');
  return svg.replace('</svg>', `<g class="aux">${aux}</g></svg>`);
}

/**
 * The drawing of a panel for the workshop (the PDF of `export panel --pdf`): the picture with its
 * dimensions, the plate's overall width and height dimensioned, every cut-out's centre (of its box)
 * marked and listed with its position from the plate's top-left corner (mm), and a notes line (material,
 * thickness, print side, finish).
 */
export function panelDrawingSvg(m: PanelModel, title: string): string {
  const s = m.settings;
  const mmv = (v: number) => ((v * 25.4) / 1000).toFixed(2);
  // the plate's extent (its outline), and everything drawn
  const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const c of m.outline) for (const p of flatten(c)) { b.minX = Math.min(b.minX, p.x); b.maxX = Math.max(b.maxX, p.x); b.minY = Math.min(b.minY, p.y); b.maxY = Math.max(b.maxY, p.y); }
  const all = m.box;
  const gap = Math.max(b.maxX - b.minX, b.maxY - b.minY) * 0.06 + 40 + Math.max(0, all.maxY - b.maxY);
  const dims = [
    { x1: b.minX, y1: b.maxY + gap, x2: b.maxX, y2: b.maxY + gap, label: `${mmv(b.maxX - b.minX)} mm`, ang: 0 },
    { x1: b.maxX + gap, y1: b.minY, x2: b.maxX + gap, y2: b.maxY, label: `${mmv(b.maxY - b.minY)} mm`, ang: 90 },
  ];
  const size = Math.max(30, (b.maxX - b.minX) / 60);
  const parts: string[] = [];
  for (const d of dims) {
    const mx = (d.x1 + d.x2) / 2, my = (d.y1 + d.y2) / 2;
    parts.push(`<path d="M${f(d.x1)} ${f(d.y1)}L${f(d.x2)} ${f(d.y2)}" stroke="#1565c0" stroke-width="3"/>`);
    parts.push(`<text x="${f(mx)}" y="${f(my - 10)}" font-size="${f(size)}" font-family="sans-serif" text-anchor="middle" fill="#1565c0" transform="rotate(${d.ang} ${f(mx)} ${f(my)})">${esc(d.label)}</text>`);
  }
  const rows: string[] = [];
  m.cutouts.forEach((c, i) => {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const p of c.pts) { minX = Math.min(minX, p.x); maxX = Math.max(maxX, p.x); minY = Math.min(minY, p.y); maxY = Math.max(maxY, p.y); }
    const cx = (minX + maxX) / 2, cy = (minY + maxY) / 2;
    parts.push(`<path d="M${f(cx - size / 2)} ${f(cy)}L${f(cx + size / 2)} ${f(cy)}M${f(cx)} ${f(cy - size / 2)}L${f(cx)} ${f(cy + size / 2)}" stroke="#c62828" stroke-width="2"/>`);
    parts.push(`<text x="${f(cx + size / 2)}" y="${f(cy - size / 2)}" font-size="${f(size * 0.8)}" font-family="sans-serif" fill="#c62828">${i + 1}</text>`);
    rows.push(`${i + 1}: X ${mmv(cx - b.minX)} Y ${mmv(cy - b.minY)}`);
  });
  const notes = `${title} · ${s.material} ${s.thickness} · print: ${s.print || 'none'}${s.craft ? ` · ${s.craft}` : ''}`;
  const ny = b.maxY + gap * 2 + size;
  parts.push(`<text x="${f(b.minX)}" y="${f(ny)}" font-size="${f(size)}" font-family="sans-serif" fill="#000">${esc(notes)}</text>`);
  rows.forEach((r, i) => parts.push(`<text x="${f(b.minX)}" y="${f(ny + (i + 1) * size * 1.3)}" font-size="${f(size * 0.9)}" font-family="monospace" fill="#333">${esc(r)}</text>`));
  const extra = { ...m, box: { minX: Math.min(all.minX, b.minX), minY: Math.min(all.minY, b.minY), maxX: Math.max(all.maxX, b.maxX + gap * 1.5), maxY: ny + (rows.length + 1) * size * 1.3 } };
  const svg = panelSvg(extra, { mode: 'picture' });
  return svg.replace('</svg>', `<g class="drawing">${parts.join('')}</g></svg>`);
}
