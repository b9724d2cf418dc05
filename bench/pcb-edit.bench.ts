/**
 * An edit on a big board: after a track is deleted or moved, the PCB editor's ratsnest is computed
 * again only for the nets the edit touched (PcbEditor.ratsnest -> updateRatsnest). Baseline in the
 * same run: the whole ratsnest of the same board (what every edit cost before). Generated board of
 * bench/lib/pcb-boards.ts: 100k pads, 50k tracks (400 x 250, nets of 2 pads).
 */
import { parseDocuments } from '@copperplate/format';
import { EditorDocument, PcbEditor } from '@copperplate/editor';
import { computeRatsnest } from '@copperplate/editor/pcb/ratsnest';
import { generatedBoard } from './lib/pcb-boards.ts';
import { report } from './lib/report.ts';

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const b = generatedBoard(400, 250, 2, '100k');
const ed = new PcbEditor(new EditorDocument(parseDocuments(b.text)), { pcbUuid: b.pcbUuid });
const pads = [...ed.scene.all()].filter((p) => p.kind === 'pad').length;
const tracks = ed.doc.keys().filter((k) => ed.doc.get(k)![0] === 'LINE');

const full: number[] = [];
for (let i = 0; i < 5; i++) { const c0 = cpu(); computeRatsnest(ed.scene); full.push(cpu() - c0); }
ed.ratsnest();
const edit: number[] = [], commit: number[] = [];
for (let i = 0; i < 20; i++) {
  const k = tracks[(i * 2477) % tracks.length];
  const c0 = cpu();
  ed.doc.commit('move track', (tx) => tx.update(k, (r) => { const c = [...r]; c[5] = Number(c[5]) + 5; return c; }));
  const c1 = cpu();
  ed.ratsnest();
  edit.push(cpu() - c1);
  commit.push(c1 - c0);
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log(`pcb-edit: board ${pads} pads, ${tracks.length} tracks; load average ${(await import('node:os')).loadavg()[0].toFixed(1)}`);
report('pcb-edit', [
  { name: 'pcb-edit: whole ratsnest, 100k pads (median CPU)', value: med(full), unit: 'ms' },
  { name: 'pcb-edit: ratsnest after moving one track, 100k pads (median CPU)', value: med(edit), unit: 'ms', goal: '< 16' },
  { name: 'pcb-edit: after one track edit / whole ratsnest (CPU)', value: med(edit) / med(full), unit: 'ratio' },
  { name: 'pcb-edit: the edit itself (commit: document, scene, index; median CPU)', value: med(commit), unit: 'ms' },
]);
