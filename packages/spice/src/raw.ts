/**
 * ngspice's raw file (what `ngspice -b -r out.raw` and the browser engine's `write out.raw` produce):
 * one or more plots, each a text header (Title, Plotname, Flags real|complex, Variables) then the
 * values, binary (little-endian float64; complex as re, im pairs) or ASCII ("Values:").
 */

export interface Vector {
  /** As ngspice names it: time, frequency, v(out), i(v1), v-sweep... */
  name: string;
  /** voltage, current, time, frequency... */
  type: string;
  re: Float64Array;
  /** Imaginary parts (complex plots: AC). */
  im?: Float64Array;
}

export interface Plot {
  title: string;
  plotname: string;
  complex: boolean;
  points: number;
  vectors: Vector[];
}

const LIMIT_POINTS = 50_000_000;

/**
 * Our name of an ngspice vector. Device currents saved by `.options savecurrents` come as
 * `i(@r1[i])` (or `@r1[i]`): two-terminal elements (R, C, L, D, sources) -> `i(r1)`, the terminals of
 * transistors -> `ic(q1)`, `ib(q1)`, `ie(q1)`, `id(m1)`, `ig(m1)`, `is(m1)`. Others are kept.
 */
export function vectorName(name: string): string {
  const m = /^(?:i\()?@([^[\]()]+)\[(\w+)\]\)?$/i.exec(name);
  if (!m) return name;
  const dev = m[1].toLowerCase(), param = m[2].toLowerCase();
  const element = dev.split('.').pop()!.charAt(0);
  return /^[rcldvi]$/.test(element) && /^i[d]?$/.test(param) ? `i(${dev})` : `${param}(${dev})`;
}

export function parseRaw(bytes: Uint8Array): Plot[] {
  const plots: Plot[] = [];
  const latin = (a: number, b: number) => { let s = ''; for (let i = a; i < b; i++) s += String.fromCharCode(bytes[i]); return s; };
  let pos = 0;
  while (pos < bytes.length) {
    // header lines up to "Binary:\n" or "Values:\n"
    const header: Record<string, string> = {};
    const vars: Array<{ name: string; type: string }> = [];
    let mode = '';
    let inVars = false;
    while (pos < bytes.length) {
      let e = pos;
      while (e < bytes.length && bytes[e] !== 10) e++;
      const line = latin(pos, e).replace(/\r$/, '');
      pos = e + 1;
      if (/^Binary:\s*$/.test(line)) { mode = 'binary'; break; }
      if (/^Values:\s*$/.test(line)) { mode = 'ascii'; break; }
      if (inVars && /^\s/.test(line)) {
        const t = line.trim().split(/\s+/);
        vars.push({ name: t[1], type: t[2] ?? '' });
        continue;
      }
      inVars = false;
      const m = /^([^:]+):\s*(.*)$/.exec(line);
      if (!m) continue;
      if (m[1] === 'Variables') { inVars = true; continue; }
      header[m[1]] = m[2].trim();
    }
    if (!mode) break;
    const complex = /complex/i.test(header.Flags ?? '');
    const points = Number(header['No. Points']);
    const nv = Number(header['No. Variables']);
    if (!Number.isFinite(points) || !Number.isFinite(nv) || nv !== vars.length || points * nv > LIMIT_POINTS) throw new Error('malformed raw file header');
    const vectors: Vector[] = vars.map((v) => ({ name: vectorName(v.name), type: v.type, re: new Float64Array(points), ...(complex ? { im: new Float64Array(points) } : {}) }));
    if (mode === 'binary') {
      const width = complex ? 16 : 8;
      const need = points * nv * width;
      if (pos + need > bytes.length) throw new Error('raw file truncated');
      const dv = new DataView(bytes.buffer, bytes.byteOffset + pos, need);
      let o = 0;
      for (let p = 0; p < points; p++) {
        for (const v of vectors) {
          v.re[p] = dv.getFloat64(o, true); o += 8;
          if (v.im) { v.im[p] = dv.getFloat64(o, true); o += 8; }
        }
      }
      pos += need;
    } else {
      // ASCII: "index\tvalue" then "\tvalue" per variable; complex "re,im"
      let e = pos;
      const tokens: string[] = [];
      while (tokens.length < points * (nv + 1) && e < bytes.length) {
        let f = e;
        while (f < bytes.length && bytes[f] !== 10) f++;
        const line = latin(e, f).trim();
        e = f + 1;
        if (line) tokens.push(...line.split(/\s+/));
      }
      pos = e;
      let k = 0;
      for (let p = 0; p < points; p++) {
        k++; // index
        for (const v of vectors) {
          const [re, im] = (tokens[k++] ?? '').split(',');
          v.re[p] = Number(re);
          if (v.im) v.im[p] = Number(im);
        }
      }
    }
    plots.push({ title: header.Title ?? '', plotname: header.Plotname ?? '', complex, points, vectors });
    // skip blank bytes between plots
    while (pos < bytes.length && (bytes[pos] === 10 || bytes[pos] === 13)) pos++;
  }
  return plots;
}

/** The result of eecircuit-engine (ngspice in WebAssembly: `Simulation.runSim()`), as a plot. */
export interface EngineResult {
  header?: string;
  numPoints: number;
  dataType: 'real' | 'complex';
  data: Array<{ name: string; type: string; values: Array<number | { real: number; img: number }> }>;
}

export function plotFromEngine(r: EngineResult): Plot {
  const complex = r.dataType === 'complex';
  const header = r.header ?? '';
  const vectors: Vector[] = r.data.map((d) => {
    const re = new Float64Array(r.numPoints);
    const im = complex ? new Float64Array(r.numPoints) : undefined;
    d.values.forEach((v, i) => {
      if (typeof v === 'number') re[i] = v;
      else { re[i] = v.real; im![i] = v.img; }
    });
    return { name: vectorName(d.name), type: d.type, re, ...(im ? { im } : {}) };
  });
  return {
    title: /Title:\s*(.*)/.exec(header)?.[1]?.trim() ?? '',
    plotname: /Plotname:\s*(.*)/.exec(header)?.[1]?.trim() ?? '',
    complex, points: r.numPoints, vectors,
  };
}
