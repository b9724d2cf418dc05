/**
 * Canvas2D backend. Maps document units (Y up) to canvas pixels through a Viewport; hairlines
 * (width 0) and very thin lines are drawn one device pixel wide.
 */
import type { Viewport } from '../core/viewport.ts';
import type { Op, PathSeg, Stroke, Surface } from './surface.ts';

/** The subset of CanvasRenderingContext2D the backend uses (a real context satisfies it). */
export type Ctx2D = Pick<CanvasRenderingContext2D,
  'save' | 'restore' | 'setTransform' | 'beginPath' | 'moveTo' | 'lineTo' | 'bezierCurveTo' | 'arc' | 'ellipse' |
  'closePath' | 'stroke' | 'fill' | 'fillText' | 'translate' | 'rotate' | 'scale' | 'setLineDash' | 'drawImage' | 'fillRect' | 'clearRect'> & {
  lineWidth: number; strokeStyle: unknown; fillStyle: unknown; font: string; textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline; lineCap: CanvasLineCap; lineJoin: CanvasLineJoin;
};

export class CanvasSurface implements Surface {
  private s: number;
  private images = new Map<string, HTMLImageElement>();
  constructor(private readonly ctx: Ctx2D, private readonly vp: Viewport, private readonly dpr = 1, private readonly highlight?: Set<string>) {
    this.s = vp.scale * dpr;
    const o = vp.toScreen(0, 0);
    this.ox = o.x * dpr; this.oy = o.y * dpr;
    ctx.setTransform(this.s, 0, 0, -this.s, this.ox, this.oy);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
  }

  private ox = 0;
  private oy = 0;
  private hl = 0;
  begin(id: string): void { if (this.hl > 0 || this.highlight?.has(id)) this.hl++; }
  end(): void { if (this.hl > 0) this.hl--; }

  /**
   * Open polylines of one stroke style are batched into one path and stroked once (a frame of
   * thousands of wires is a handful of stroke calls). `flush()` strokes what is pending.
   */
  private batchKey = '';
  private batching = false;
  private lastFont = '';

  private styleKey(st: Stroke): string {
    return `${this.hl ? 1 : 0}|${st.color}|${st.width}|${st.dash?.join(',') ?? ''}`;
  }

  private applyStroke(st: Stroke): void {
    const c = this.ctx;
    c.lineWidth = Math.max(st.width, 1 / this.s) * (this.hl ? 1.8 : 1);
    c.strokeStyle = this.hl ? '#FF00FF' : st.color;
    c.setLineDash(st.dash?.length ? st.dash : []);
  }

  flush(): void {
    if (this.batching) { this.ctx.stroke(); this.batching = false; this.batchKey = ''; }
  }

  private strokeOf(st: Stroke): void {
    const c = this.ctx;
    this.applyStroke(st);
    if (st.fill) { c.fillStyle = st.fill; c.fill(); }
    c.stroke();
  }

  draw(op: Op): void {
    const c = this.ctx;
    switch (op.t) {
      case 'begin': this.begin(op.id); return;
      case 'end': this.end(); return;
      case 'poly': {
        if (!op.closed && !op.s.fill) {
          const k = this.styleKey(op.s);
          if (k !== this.batchKey) { this.flush(); this.applyStroke(op.s); c.beginPath(); this.batchKey = k; this.batching = true; }
          for (let i = 0; i + 1 < op.pts.length; i += 2) (i ? c.lineTo : c.moveTo).call(c, op.pts[i], op.pts[i + 1]);
          return;
        }
        this.flush();
        c.beginPath();
        for (let i = 0; i + 1 < op.pts.length; i += 2) (i ? c.lineTo : c.moveTo).call(c, op.pts[i], op.pts[i + 1]);
        if (op.closed) c.closePath();
        this.strokeOf(op.s);
        return;
      }
      case 'circle': this.flush(); c.beginPath(); c.arc(op.cx, op.cy, op.r, 0, Math.PI * 2); this.strokeOf(op.s); return;
      case 'ellipse': this.flush(); c.beginPath(); c.ellipse(op.cx, op.cy, op.rx, op.ry, (op.rot * Math.PI) / 180, 0, Math.PI * 2); this.strokeOf(op.s); return;
      case 'path': this.flush(); c.beginPath(); tracePath(c, op.segs); this.strokeOf(op.s); return;
      case 'text': {
        if (op.st.size * this.s < 2) return; // too small to read: skip (level of detail)
        this.flush();
        // text frame: translate to (x, y), rotate, Y down again; set directly (no save/restore)
        const a = (op.rot * Math.PI) / 180, cs = Math.cos(a) * this.s, sn = Math.sin(a) * this.s;
        const tx = this.ox + op.x * this.s, ty = this.oy - op.y * this.s;
        c.setTransform(cs, -sn, sn, cs, tx, ty);
        c.fillStyle = this.hl ? '#FF00FF' : op.st.color;
        const font = `${op.st.italic ? 'italic ' : ''}${op.st.bold ? 'bold ' : ''}${op.st.size}px ${op.st.font ? `"${op.st.font}", sans-serif` : 'sans-serif'}`;
        if (font !== this.lastFont) { c.font = font; this.lastFont = font; }
        c.textAlign = op.st.hAlign === 'middle' ? 'center' : op.st.hAlign;
        c.textBaseline = op.st.vAlign === 'top' ? 'top' : op.st.vAlign === 'middle' ? 'middle' : 'alphabetic';
        if (op.text.indexOf('\n') < 0) c.fillText(op.text, 0, 0);
        else op.text.split('\n').forEach((l, i) => c.fillText(l, 0, i * op.st.size * 1.2));
        c.setTransform(this.s, 0, 0, -this.s, this.ox, this.oy);
        return;
      }
      case 'image': {
        this.flush();
        if (typeof Image === 'undefined') return;
        let img = this.images.get(op.href);
        if (!img) { img = new Image(); img.src = op.href; this.images.set(op.href, img); }
        if (!img.complete) return;
        c.save();
        c.translate(op.x, op.y);
        c.rotate((op.rot * Math.PI) / 180);
        c.scale(1, -1);
        c.drawImage(img, 0, -op.h, op.w, op.h);
        c.restore();
      }
    }
  }
}

function tracePath(c: Ctx2D, segs: PathSeg[]): void {
  for (const g of segs) {
    if (g.op === 'M') c.moveTo(g.x, g.y);
    else if (g.op === 'L') c.lineTo(g.x, g.y);
    else if (g.op === 'C') c.bezierCurveTo(g.x1, g.y1, g.x2, g.y2, g.x, g.y);
    else if (g.op === 'Z') c.closePath();
    // the context's Y is flipped (scale -s), so a CCW arc in the document is anticlockwise=false on the context
    else c.arc(g.cx, g.cy, g.r, (g.a0 * Math.PI) / 180, (g.a1 * Math.PI) / 180, !g.ccw);
  }
}
