import { parseSpiceNumber } from './values.ts';

/**
 * What a netlist sent to the server may not use: ngspice's control language (`.control` runs shell
 * commands and writes files) and `.include`/`.lib` of files (they would read the server's disk; our
 * netlists carry model files inline). Returns the offending construct, or undefined.
 */
export function unsafeConstruct(netlist: string): string | undefined {
  for (const raw of netlist.split(/\r?\n/)) {
    const line = raw.trim().toLowerCase();
    if (/^\.(control|endc)\b/.test(line)) return '.control';
    if (/^\.(include|inc|lib)\b/.test(line)) return line.split(/\s+/)[0];
    if (/^\.(save|probe)\b.*[/\\]/.test(line)) return line.split(/\s+/)[0];
  }
  return undefined;
}

/**
 * How many bytes the results of a netlist will take at least: points of its analyses (.tran stop/step,
 * .ac points per decade/octave or in all, .dc (stop - start)/step, .op one) times the saved vectors
 * (its nodes, its sources' currents, and every device's current with `.options savecurrents`), 8 bytes
 * a value (16 for AC's complex ones). The browser checks it against its memory limit before a run:
 * ngspice in WebAssembly keeps all results in its heap, which never shrinks.
 */
export function resultBytesEstimate(netlist: string): number {
  const nodes = new Set<string>();
  let sources = 0, devices = 0, savecurrents = false;
  const analyses: string[][] = [];
  for (const raw of netlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('*') || line.startsWith('+')) continue;
    const t = line.split(/\s+/);
    const head = t[0].toLowerCase();
    if (head.startsWith('.')) {
      if (/^\.(tran|ac|dc|op)$/.test(head)) analyses.push(t.map((x) => x.toLowerCase()));
      if (/^\.options?$/.test(head) && /\bsavecurrents\b/i.test(line)) savecurrents = true;
      continue;
    }
    const letter = head.charAt(0);
    const n = letter === 'x' ? t.length - 2 : letter === 'q' || letter === 'j' ? 3 : letter === 'm' ? 4 : 2;
    for (const node of t.slice(1, 1 + n)) if (node && node !== '0') nodes.add(node.toLowerCase());
    if (letter === 'v' || letter === 'i') sources++;
    else if (letter !== 'x') devices++;
  }
  const vectors = nodes.size + sources + (savecurrents ? devices * 2 : 0) + 1;
  const v = (s: string | undefined) => (s === undefined ? NaN : parseSpiceNumber(s) ?? NaN);
  let bytes = 0;
  for (const a of analyses) {
    let points = 1, width = 8;
    if (a[0] === '.tran') points = v(a[2]) / v(a[1]);
    else if (a[0] === '.dc') points = Math.abs(v(a[3]) - v(a[2])) / Math.abs(v(a[4])) + 1;
    else if (a[0] === '.ac') {
      width = 16;
      const n = v(a[2]), f1 = v(a[3]), f2 = v(a[4]);
      points = a[1] === 'dec' ? n * Math.log10(f2 / f1) + 1 : a[1] === 'oct' ? n * Math.log2(f2 / f1) + 1 : n;
    }
    if (!Number.isFinite(points) || points < 1) points = 1;
    bytes += Math.ceil(points) * vectors * width;
  }
  return bytes;
}
