/**
 * KiCad import (issue 15): the demo board video.kicad_pcb (7.4 MB, 189 footprints, 7972 tracks, 808
 * vias, zone fills) imported to Copperplate's documents, beside KiCad's own `pcbnew.LoadBoard` of
 * the same file, in the same run, alternating.
 *
 * Ours = decode the bytes + readKicadPcb + convertBoard (PCB, footprint, device and symbol documents,
 * pour fills: the V2 text), i.e. kicadToProject of the board; the .epro zip is not part of it.
 * pcbnew = LoadBoard in Debian's KiCad (Python module, one process, the import of pcbnew not timed).
 * Medians over the rounds; the ratio is taken on CPU time (the machine is shared, wall time mostly
 * measures the neighbours), the wall ratio is printed beside it.
 * Needs Debian's kicad and kicad-demos (scripts/ensure.mjs --kicad); without them it says so and
 * reports nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kicadToProject } from '@copperplate/convert';
import { kicadReference, pcbnewCounts } from '../packages/convert/test/kicad/reference.ts';
import { report } from './lib/report.ts';

const ROUNDS = Number(process.env.KICAD_BENCH_ROUNDS ?? 5);
const ref = kicadReference();
if (!ref.demos || !ref.pcbnew) {
  console.log(`kicad: skipped (${ref.reason})`);
  process.exit(0);
}
const file = join(ref.demos, 'video/video.kicad_pcb');
const bytes = new Uint8Array(readFileSync(file));

function ours(): { wall: number; cpu: number; records: number } {
  const c = process.cpuUsage();
  const t = performance.now();
  const { data } = kicadToProject([{ name: 'video.kicad_pcb', data: bytes }]);
  const wall = performance.now() - t;
  const d = process.cpuUsage(c);
  return { wall, cpu: (d.user + d.system) / 1000, records: data.pcbs[0].dataStr.length };
}

ours(); // warm-up (JIT), not counted
const a: { wall: number; cpu: number }[] = [];
const b: { wall: number; cpu: number }[] = [];
for (let i = 0; i < ROUNDS; i++) {
  a.push(ours());
  const [p] = pcbnewCounts([file], ['--time', '--repeat=1']);
  b.push({ wall: p.loadMs!, cpu: (p as { loadCpuMs?: number }).loadCpuMs! });
}
const med = (x: { wall: number; cpu: number }[], k: 'wall' | 'cpu') => x.map((v) => v[k]).sort((p, q) => p - q)[Math.floor(x.length / 2)];
const oursWall = med(a, 'wall'), oursCpu = med(a, 'cpu'), kWall = med(b, 'wall'), kCpu = med(b, 'cpu');
report('kicad', [
  { name: 'kicad: ours import video.kicad_pcb (median wall)', value: oursWall, unit: 'ms' },
  { name: 'kicad: ours import video.kicad_pcb (median CPU)', value: oursCpu, unit: 'ms' },
  { name: 'kicad: pcbnew.LoadBoard video.kicad_pcb (median wall)', value: kWall, unit: 'ms' },
  { name: 'kicad: pcbnew.LoadBoard video.kicad_pcb (median CPU)', value: kCpu, unit: 'ms' },
  { name: 'kicad: ours / pcbnew CPU time', value: oursCpu / kCpu, unit: 'x', goal: '< 0.5' },
  { name: 'kicad: ours / pcbnew wall time', value: oursWall / kWall, unit: 'x', goal: '< 0.5' },
]);
