/**
 * Reads our Gerber and Excellon outputs back with an independent parser (gerber-parser and
 * gerber-plotter, the readers behind tracespace/gerber-to-svg): operation counts, plotted objects,
 * extents (mm) and parser warnings that are not about X2 attributes it does not know.
 */
import gerberParser from 'gerber-parser';
import gerberPlotter from 'gerber-plotter';

export interface ReadBack {
  filetype: string;
  ops: Record<string, number>;
  plotted: Record<string, number>;
  box: [number, number, number, number];
  warnings: string[];
}

export async function readBack(text: string): Promise<ReadBack> {
  const parser = gerberParser({});
  const plotter = gerberPlotter({});
  const ops: Record<string, number> = {};
  const plotted: Record<string, number> = {};
  const warnings: string[] = [];
  let box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  parser.on('warning', (w: { message: string }) => { if (!/%T[FAOD]/.test(w.message)) warnings.push(w.message); });
  plotter.on('warning', (w: { message: string }) => warnings.push(w.message));
  parser.on('data', (o: { type: string; op?: string }) => { const k = o.op ? `${o.type}:${o.op}` : o.type; ops[k] = (ops[k] ?? 0) + 1; });
  plotter.on('data', (o: { type: string; box?: [number, number, number, number] }) => { plotted[o.type] = (plotted[o.type] ?? 0) + 1; if (o.type === 'size' && o.box) box = o.box; });
  parser.pipe(plotter);
  await new Promise<void>((resolve, reject) => { plotter.on('end', () => resolve()); plotter.on('error', reject); parser.on('error', reject); parser.end(text); });
  return { filetype: (parser as unknown as { format?: { filetype?: string } }).format?.filetype ?? '', ops, plotted, box, warnings };
}
