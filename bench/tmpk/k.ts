import { readFileSync } from 'node:fs';
import { kicadToProject } from '@copperplate/convert';
const bytes = new Uint8Array(readFileSync('/usr/share/kicad/demos/video/video.kicad_pcb'));
for (let i = 0; i < 10; i++) {
  const c = process.cpuUsage(); const t = performance.now();
  kicadToProject([{ name: 'video.kicad_pcb', data: bytes }]);
  const d = process.cpuUsage(c);
  console.log(`cpu ${((d.user + d.system) / 1000).toFixed(0)} wall ${(performance.now() - t).toFixed(0)}`);
}
