/**
 * A PDF of one of our panel SVG drawings (panelDrawingSvg, panelSvg), without a browser: the SVG
 * subset those functions write — `<path d>` with M/L/A/Z, `<rect>`, `<text>` with an optional
 * `rotate()` transform, fill, stroke, stroke-width, fill-rule, font-size, text-anchor, font-family —
 * drawn on one A4 landscape page (the drawing fitted, aspect kept). Arcs become line segments (0.5°
 * steps); text is set in the PDF's standard Helvetica / Courier. Pure: works in the browser, a worker
 * and the CLI alike. Frame: the SVG's user units (panel mil, Y down) mapped to PDF points (Y up).
 */
import { segmentPoints } from './path.ts';

type Pt = { x: number; y: number };
interface Shape { kind: 'path'; subpaths: { pts: Pt[]; closed: boolean }[]; fill: string; stroke: string; width: number; evenodd: boolean }
interface Label { kind: 'text'; x: number; y: number; size: number; text: string; fill: string; anchor: string; angle: number; mono: boolean }

const A4 = { w: 841.89, h: 595.28 };
const MARGIN = 28;

const attr = (tag: string, name: string): string | undefined => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? m[1] : undefined;
};
const unesc = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** An SVG colour as PDF rgb operands (0..1), or null for none. */
export function pdfColour(c: string | undefined): [number, number, number] | null {
  if (!c || c === 'none' || c === 'transparent') return null;
  let m = /^#([0-9a-f]{3})$/i.exec(c);
  if (m) return [...m[1]].map((h) => parseInt(h + h, 16) / 255) as [number, number, number];
  m = /^#([0-9a-f]{6})/i.exec(c);
  if (m) return [0, 2, 4].map((i) => parseInt(m![1].slice(i, i + 2), 16) / 255) as [number, number, number];
  const r = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/i.exec(c);
  if (r) return [Number(r[1]) / 255, Number(r[2]) / 255, Number(r[3]) / 255];
  const named: Record<string, [number, number, number]> = { black: [0, 0, 0], white: [1, 1, 1], red: [1, 0, 0], blue: [0, 0, 1], green: [0, 0.5, 0] };
  return named[c.toLowerCase()] ?? [0, 0, 0];
}

/**
 * The bulge (tan of a quarter of the signed sweep) of the SVG arc from p to q with radius r and the
 * large-arc and sweep flags; a sweep flag of 1 is a positive sweep, as contoursD writes them.
 */
export function bulgeOfArc(px: number, py: number, qx: number, qy: number, r: number, large: boolean, sweep: boolean): number {
  const half = Math.hypot(qx - px, qy - py) / 2;
  const small = 2 * Math.asin(Math.min(1, half / Math.max(r, 1e-9)));
  const theta = large ? 2 * Math.PI - small : small;
  return (sweep ? 1 : -1) * Math.tan(theta / 4);
}

/** The subpaths of an SVG path's d (M, L, A, Z; absolute, as we write them). */
export function pathPoints(d: string): { pts: Pt[]; closed: boolean }[] {
  const out: { pts: Pt[]; closed: boolean }[] = [];
  const tok = d.match(/[MLAZ]|-?\d*\.?\d+(?:e[-+]?\d+)?/gi) ?? [];
  let cur: { pts: Pt[]; closed: boolean } | null = null;
  let i = 0;
  const num = () => Number(tok[i++]);
  while (i < tok.length) {
    const c = tok[i++].toUpperCase();
    if (c === 'M') { cur = { pts: [{ x: num(), y: num() }], closed: false }; out.push(cur); }
    else if (c === 'L' && cur) cur.pts.push({ x: num(), y: num() });
    else if (c === 'A' && cur) {
      const r = num(); num(); num(); const large = num(); const sweep = num(); const x = num(), y = num();
      const p = cur.pts[cur.pts.length - 1];
      cur.pts.pop();
      cur.pts.push(...segmentPoints({ x: p.x, y: p.y, b: bulgeOfArc(p.x, p.y, x, y, r, large === 1, sweep === 1) }, { x, y }, Math.PI / 360), { x, y });
    } else if (c === 'Z' && cur) cur.closed = true;
  }
  return out;
}

/** The shapes and labels of one of our SVGs, in drawing order, with the SVG's viewBox. */
export function readDrawing(svg: string): { box: { x: number; y: number; w: number; h: number }; items: (Shape | Label)[] } {
  const vb = (attr(svg.slice(0, svg.indexOf('>') + 1), 'viewBox') ?? '0 0 100 100').split(/\s+/).map(Number);
  const items: (Shape | Label)[] = [];
  const re = /<(path|rect|text)\b([^>]*)>(?:([^<]*)<\/text>)?/g;
  for (let m = re.exec(svg); m; m = re.exec(svg)) {
    const tag = ` ${m[2]}`;
    const fill = attr(tag, 'fill') ?? (m[1] === 'text' ? '#000' : '#000');
    if (m[1] === 'text') {
      const rot = /rotate\(([-\d.e]+)/.exec(attr(tag, 'transform') ?? '');
      items.push({
        kind: 'text', x: Number(attr(tag, 'x') ?? 0), y: Number(attr(tag, 'y') ?? 0), size: Number(attr(tag, 'font-size') ?? 12), text: unesc(m[3] ?? ''),
        fill, anchor: attr(tag, 'text-anchor') ?? 'start', angle: rot ? Number(rot[1]) : 0, mono: (attr(tag, 'font-family') ?? '').includes('mono'),
      });
      continue;
    }
    let subpaths: { pts: Pt[]; closed: boolean }[];
    if (m[1] === 'rect') {
      const x = Number(attr(tag, 'x') ?? 0), y = Number(attr(tag, 'y') ?? 0), w = Number(attr(tag, 'width') ?? 0), h = Number(attr(tag, 'height') ?? 0);
      subpaths = [{ pts: [{ x, y }, { x: x + w, y }, { x: x + w, y: y + h }, { x, y: y + h }], closed: true }];
    } else subpaths = pathPoints(attr(tag, 'd') ?? '');
    items.push({ kind: 'path', subpaths, fill, stroke: attr(tag, 'stroke') ?? 'none', width: Number(attr(tag, 'stroke-width') ?? 1), evenodd: attr(tag, 'fill-rule') === 'evenodd' });
  }
  return { box: { x: vb[0], y: vb[1], w: vb[2], h: vb[3] }, items };
}

const n = (v: number) => (Math.round(v * 100) / 100).toString();
/** A PDF string literal's body: WinAnsi (Latin-1 range) characters as octal escapes, others '?'. */
const pdfText = (s: string) => s.replace(/([\\()])/g, '\\$1').replace(/[^\x20-\x7e]/g, (c) => (c.charCodeAt(0) >= 0xa0 && c.charCodeAt(0) <= 0xff ? `\\${c.charCodeAt(0).toString(8)}` : '?'));

/** One A4 landscape page drawing `svg` (our subset), fitted inside a margin. Returns the PDF file's bytes. */
export function svgToPdf(svg: string, title = 'Panel drawing'): Uint8Array {
  const { box, items } = readDrawing(svg);
  const k = Math.min((A4.w - 2 * MARGIN) / box.w, (A4.h - 2 * MARGIN) / box.h);
  const ox = (A4.w - box.w * k) / 2, oy = (A4.h - box.h * k) / 2;
  const X = (x: number) => ox + (x - box.x) * k;
  const Y = (y: number) => A4.h - (oy + (y - box.y) * k);
  const ops: string[] = ['1 J 1 j'];
  for (const it of items) {
    if (it.kind === 'path') {
      const f = pdfColour(it.fill), s = pdfColour(it.stroke);
      if ((!f && !s) || !it.subpaths.length) continue;
      for (const sp of it.subpaths) {
        sp.pts.forEach((p, i) => ops.push(`${n(X(p.x))} ${n(Y(p.y))} ${i ? 'l' : 'm'}`));
        if (sp.closed) ops.push('h');
      }
      if (f) ops.push(`${f.map(n).join(' ')} rg`);
      if (s) ops.push(`${s.map(n).join(' ')} RG ${n(Math.max(0.1, it.width * k))} w`);
      ops.push(f && s ? (it.evenodd ? 'B*' : 'B') : f ? (it.evenodd ? 'f*' : 'f') : 'S');
    } else {
      const c = pdfColour(it.fill) ?? [0, 0, 0];
      const size = it.size * k;
      const w = it.text.length * size * (it.mono ? 0.6 : 0.52);
      const shift = it.anchor === 'middle' ? -w / 2 : it.anchor === 'end' ? -w : 0;
      const a = (-it.angle * Math.PI) / 180, ca = Math.cos(a), sa = Math.sin(a);
      const x = X(it.x) + shift * ca, y = Y(it.y) + shift * sa;
      ops.push(`BT /${it.mono ? 'F2' : 'F1'} ${n(size)} Tf ${c.map(n).join(' ')} rg ${n(ca)} ${n(sa)} ${n(-sa)} ${n(ca)} ${n(x)} ${n(y)} Tm (${pdfText(it.text)}) Tj ET`);
    }
  }
  const content = ops.join('\n');
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.w} ${A4.h}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>',
    `<< /Title (${pdfText(title)}) /Producer (Copperplate) >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => { offsets.push(out.length); out += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R /Info ${objs.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i) & 0xff;
  return bytes;
}
