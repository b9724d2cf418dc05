/**
 * The first import of a fresh process (bench/kicad.bench.ts runs it): the modules are loaded first
 * (not timed, as pcbnew's `import pcbnew` is not), then one kicadToProject of the file given,
 * printed as {"cpu": ms, "wall": ms}. V8 compiles our code during it.
 */
import { readFileSync } from 'node:fs';
import { kicadToProject } from '@copperplate/convert';

const bytes = new Uint8Array(readFileSync(process.argv[2]));
const c = process.cpuUsage();
const t = performance.now();
kicadToProject([{ name: 'video.kicad_pcb', data: bytes }]);
const wall = performance.now() - t;
const d = process.cpuUsage(c);
console.log(JSON.stringify({ cpu: (d.user + d.system) / 1000, wall }));
