/**
 * SVG backend: builds an SVG document string. Document Y up becomes SVG Y down by negating y
 * (SVG user unit = one document unit). Every `begin(id)` opens `<g data-id="id" data-kind="TYPE">`.
 */
import type { Box } from '../core/geometry.ts';
import type { Op, PathSeg, Stroke, Surface, TextStyle } from './surface.ts';

export function escXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const r = (v: number): string => String(Math.round(v * 1000) / 1000);

export class SvgSurface implements Surface {
  private parts: string[] = [];
  private depth = 0;

  begin(id: string, kind: string, attrs: Record<string, string> = {}): void {
    let a = id ? `<g data-id="${escXml(id)}" data-kind="${escXml(kind)}"` : `<g data-kind="${escXml(kind)}"`;
    for (const [k, v] of Object.entries(attrs)) a += ` ${k}="${escXml(v)}"`;
    this.parts.push(a + '>');
    this.depth++;
  }

  end(): void {
    if (this.depth <= 0) return;
    this.depth--;
    this.parts.push('</g>');
  }

  draw(op: Op): void {
    if (op.t === 'begin') this.begin(op.id, op.kind, op.attrs);
    else if (op.t === 'end') this.end();
    else this.parts.push(opToSvg(op));
  }

  /** The finished SVG; `bbox` (document units) sets the viewBox, `background` a backdrop colour. */
  toString(bbox?: Box, background = '#FFFFFF'): string {
    while (this.depth > 0) this.end();
    const b = bbox && bbox.minX <= bbox.maxX ? bbox : { minX: 0, minY: 0, maxX: 100, maxY: 100 };
    const w = Math.max(b.maxX - b.minX, 1), h = Math.max(b.maxY - b.minY, 1);
    const vb = `${r(b.minX)} ${r(-b.maxY)} ${r(w)} ${r(h)}`;
    return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="${vb}" width="${r(w)}" height="${r(h)}">` +
      `<rect x="${r(b.minX)}" y="${r(-b.maxY)}" width="${r(w)}" height="${r(h)}" fill="${background}"/>` +
      this.parts.join('') + '</svg>';
  }

  /** The elements without the `<svg>` wrapper. */
  body(): string { return this.parts.join(''); }
}

function strokeAttrs(s: Stroke): string {
  let a = ` fill="${s.fill ? escXml(s.fill) : 'none'}" stroke="${escXml(s.color)}" stroke-width="${s.width > 0 ? r(s.width) : '1'}"`;
  if (s.width <= 0) a += ' vector-effect="non-scaling-stroke"';
  if (s.dash && s.dash.length) a += ` stroke-dasharray="${s.dash.map(r).join(' ')}"`;
  return a + ' stroke-linecap="round" stroke-linejoin="round"';
}

export function segsToD(segs: PathSeg[]): string {
  let d = '';
  let px = 0, py = 0;
  for (const g of segs) {
    if (g.op === 'M' || g.op === 'L') { d += `${g.op}${r(g.x)} ${r(-g.y)}`; px = g.x; py = g.y; }
    else if (g.op === 'C') { d += `C${r(g.x1)} ${r(-g.y1)} ${r(g.x2)} ${r(-g.y2)} ${r(g.x)} ${r(-g.y)}`; px = g.x; py = g.y; }
    else if (g.op === 'Z') d += 'Z';
    else {
      const a0 = (g.a0 * Math.PI) / 180, a1 = (g.a1 * Math.PI) / 180;
      const sx = g.cx + g.r * Math.cos(a0), sy = g.cy + g.r * Math.sin(a0);
      const ex = g.cx + g.r * Math.cos(a1), ey = g.cy + g.r * Math.sin(a1);
      let sweep = g.ccw ? g.a1 - g.a0 : g.a0 - g.a1;
      sweep = ((sweep % 360) + 360) % 360;
      d += `${d ? 'L' : 'M'}${r(sx)} ${r(-sy)}`;
      if (sweep === 0 && g.a0 !== g.a1) {
        // full circle: two halves
        const mx = g.cx - (sx - g.cx), my = g.cy - (sy - g.cy);
        d += `A${r(g.r)} ${r(g.r)} 0 0 ${g.ccw ? 0 : 1} ${r(mx)} ${r(-my)}A${r(g.r)} ${r(g.r)} 0 0 ${g.ccw ? 0 : 1} ${r(sx)} ${r(-sy)}`;
      } else {
        // Y is flipped in SVG: CCW in the document is sweep-flag 0 on screen.
        d += `A${r(g.r)} ${r(g.r)} 0 ${sweep > 180 ? 1 : 0} ${g.ccw ? 0 : 1} ${r(ex)} ${r(-ey)}`;
      }
      px = ex; py = ey;
    }
  }
  void px; void py;
  return d;
}

function textAttrs(st: TextStyle): string {
  const anchor = st.hAlign;
  const base = st.vAlign === 'top' ? 'text-before-edge' : st.vAlign === 'middle' ? 'central' : 'alphabetic';
  let a = ` font-size="${r(st.size)}" fill="${escXml(st.color)}" text-anchor="${anchor}" dominant-baseline="${base}"`;
  // a named font falls back to sans-serif (EasyEDA's PDFs draw Latin text in Arial whatever the style names)
  a += ` font-family="${escXml(st.font ? `${st.font}, sans-serif` : 'sans-serif')}"`;
  if (st.bold) a += ' font-weight="bold"';
  if (st.italic) a += ' font-style="italic"';
  const deco = [st.underline ? 'underline' : '', st.strike ? 'line-through' : ''].filter(Boolean).join(' ');
  if (deco) a += ` text-decoration="${deco}"`;
  return a;
}

export function opToSvg(op: Op): string {
  switch (op.t) {
    case 'begin': case 'end': return '';
    case 'poly': {
      const pts: string[] = [];
      for (let i = 0; i + 1 < op.pts.length; i += 2) pts.push(`${r(op.pts[i])},${r(-op.pts[i + 1])}`);
      return `<${op.closed ? 'polygon' : 'polyline'} points="${pts.join(' ')}"${strokeAttrs(op.s)}/>`;
    }
    case 'circle':
      return `<circle cx="${r(op.cx)}" cy="${r(-op.cy)}" r="${r(op.r)}"${strokeAttrs(op.s)}/>`;
    case 'ellipse':
      return `<ellipse cx="${r(op.cx)}" cy="${r(-op.cy)}" rx="${r(op.rx)}" ry="${r(op.ry)}"${op.rot ? ` transform="rotate(${r(-op.rot)} ${r(op.cx)} ${r(-op.cy)})"` : ''}${strokeAttrs(op.s)}/>`;
    case 'path':
      return `<path d="${segsToD(op.segs)}"${strokeAttrs(op.s)}/>`;
    case 'text': {
      const lines = op.text.split('\n');
      const tr = op.rot ? ` transform="rotate(${r(-op.rot)} ${r(op.x)} ${r(-op.y)})"` : '';
      const pre = /\s\s/.test(op.text) ? ' xml:space="preserve"' : '';
      if (lines.length === 1) return `<text x="${r(op.x)}" y="${r(-op.y)}"${tr}${textAttrs(op.st)}${pre}>${escXml(op.text)}</text>`;
      const spans = lines.map((l, i) => `<tspan x="${r(op.x)}" dy="${i ? r(op.st.size * 1.2) : 0}">${escXml(l)}</tspan>`).join('');
      return `<text x="${r(op.x)}" y="${r(-op.y)}"${tr}${textAttrs(op.st)}>${spans}</text>`;
    }
    case 'image': {
      // (x, y) is the lower-left corner in the document frame
      const tr = op.rot ? ` transform="rotate(${r(-op.rot)} ${r(op.x)} ${r(-op.y)})"` : '';
      return `<image x="${r(op.x)}" y="${r(-(op.y + op.h))}" width="${r(op.w)}" height="${r(op.h)}" href="${escXml(op.href)}" preserveAspectRatio="none"${tr}/>`;
    }
  }
}
