/**
 * Fabrication export time: Gerber (every layer) + Excellon for the largest fixture board and for a
 * generated board of 100k pads and 50k tracks, beside the time to serialise the same records as
 * document text (JSON lines: the floor any export pays to touch every record); ratio = export /
 * serialise, on wall time and on CPU time (process.cpuUsage: on a loaded machine the wall figures are
 * upper bounds, the CPU ones what the work costs); the load average is printed before and after.
 * Peak memory = the process's maximum resident set size after the runs. It depends on the load: V8
 * grows the heap up to ~4x what a full collection leaves when collections look slow (wall time), and
 * the runs' garbage fills it (session 5: 960 MB from a ~200 MB live set). So the bench also prints the
 * live heap of one export (board + every file, after a full collection): what the export itself holds.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { readEpro, serializeDocuments, type DocumentBlock } from '@copperplate/format';
import { fabBoard, fabInputFromEpro, gerberFiles, drillFiles, type FabInput } from '@copperplate/convert';
import { report, medianWallCpuMs, type Figure } from './lib/report.ts';

const FIX = new URL('../../shared/fixtures/epro/', import.meta.url);

function exportAll(input: FabInput): number {
  const b = fabBoard(input);
  let bytes = 0;
  for (const g of gerberFiles(b, { date: '2026-01-01T00:00:00Z' })) bytes += g.text.length;
  for (const d of drillFiles(b, { date: '2026-01-01' })) bytes += d.text.length;
  return bytes;
}

function serialise(input: FabInput): number {
  const blocks: DocumentBlock[] = [{ docType: 'PCB', version: '1.8', records: input.records as unknown[][] }];
  return serializeDocuments(blocks).length;
}

function generated(pads: number, tracks: number): FabInput {
  const recs: unknown[][] = [['DOCTYPE', 'PCB', '1.8'], ['POLY', 'o1', 0, '', 11, 10, [0, 0, 'L', 20000, 0, 20000, -20000, 0, -20000, 0, 0], 0]];
  const side = Math.ceil(Math.sqrt(pads));
  for (let i = 0; i < pads; i++) {
    const x = 50 + (i % side) * 60, y = -50 - Math.floor(i / side) * 60;
    const shape = i % 3 === 0 ? ['RECT', 30, 20, 0] : i % 3 === 1 ? ['ELLIPSE', 30, 30] : ['OVAL', 40, 20];
    const hole = i % 10 === 0 ? ['ROUND', 12, 12] : null;
    recs.push(['PAD', `p${i}`, 0, `N${i % 500}`, hole ? 12 : 1, '1', x, y, (i % 4) * 30, hole, shape, [], 0, 0, 0, 1, 0, null, null, null, null, 0]);
  }
  for (let i = 0; i < tracks; i++) {
    const x = 50 + (i % side) * 60, y = -50 - Math.floor(i / side) * 60;
    recs.push(['LINE', `t${i}`, 0, `N${i % 500}`, i % 2 ? 1 : 2, x, y, x + 60, y - (i % 7) * 10, 8, 0]);
  }
  return { name: 'generated', records: recs };
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
/** Heap (MB) that one export holds at its end (the board and every file) beyond what was live before. */
function liveHeapMb(input: FabInput): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const b = fabBoard(input);
  const files = [...gerberFiles(b, { date: '2026-01-01T00:00:00Z' }), ...drillFiles(b, { date: '2026-01-01' })];
  gc();
  const held = process.memoryUsage().heapUsed - before;
  if (!files.length || !b) throw new Error('nothing exported');
  return held / 1e6;
}

const figures: Figure[] = [];
const load = () => loadavg()[0];
figures.push({ name: 'fab load average at start', value: load(), unit: '' });
// The largest fixture board (by records) we can read.
let largest: { name: string; input: FabInput; n: number } | undefined;
for (const f of ['TriWave-2.1.epro', 'falcon-flight-FFB6.1.epro', 'Hexapod.epro2', 'ESP32-MPU6050.epro2']) {
  try {
    const input = fabInputFromEpro(readEpro(new Uint8Array(readFileSync(new URL(f, FIX))), { name: f }));
    const n = input.records.length;
    if (!largest || n > largest.n) largest = { name: f, input, n };
  } catch { /* not readable here */ }
}
const cases: Array<[string, FabInput]> = [];
if (largest) cases.push([`largest fixture (${largest.name}, ${largest.n} records)`, largest.input]);
cases.push(['generated (100k pads, 50k tracks)', generated(100_000, 50_000)]);
for (const [label, input] of cases) {
  const key = label.startsWith('generated') ? 'generated' : 'fixture';
  exportAll(input); serialise(input); // warm up
  const runs = key === 'generated' ? 3 : 7;
  const tExport = await medianWallCpuMs(runs, () => exportAll(input));
  const tText = await medianWallCpuMs(runs, () => serialise(input));
  console.log(`# ${label}`);
  figures.push({ name: `fab ${key} gerber+drill`, value: tExport.wall, unit: 'ms' });
  figures.push({ name: `fab ${key} gerber+drill CPU`, value: tExport.cpu, unit: 'ms' });
  figures.push({ name: `fab ${key} serialise as text`, value: tText.wall, unit: 'ms' });
  figures.push({ name: `fab ${key} serialise as text CPU`, value: tText.cpu, unit: 'ms' });
  figures.push({ name: `fab ${key} ratio`, value: tExport.wall / tText.wall, unit: 'x', goal: '<= 20' });
  figures.push({ name: `fab ${key} ratio on CPU time`, value: tExport.cpu / tText.cpu, unit: 'x', goal: '<= 20' });
  figures.push({ name: `fab ${key} live heap of one export`, value: Math.round(liveHeapMb(input)), unit: 'MB' });
}
figures.push({ name: 'fab load average at end', value: load(), unit: '' });
figures.push({ name: 'fab peak rss', value: Math.round(process.resourceUsage().maxRSS / 1024), unit: 'MB', goal: '<= 1024' });
report('fab', figures);
