/**
 * The PCB open path of the web app, phase by phase, in Node (CPU ms of this thread, no GPU): the
 * generated board of bench/lib/pcb-boards.ts (100k pads, 50k tracks) parsed from its text, its picture
 * drawn from the parsed records (what the app shows first, 1280 x 800), made an
 * EditorDocument, a PcbEditor (scene), its prims flattened and made GL geometry (buffers, not uploaded).
 * For profiling the pcb-open bench's page work on a quiet or busy machine alike (CPU, not wall).
 *   npx tsx bench/lib/open-phases.ts [RUNS]
 */
import { cpuUsage } from 'node:process';
import { parseDocuments } from '@copperplate/format';
import { EditorDocument } from '@copperplate/schematic';
import { PcbEditor } from '../../packages/editor/src/pcb/editor.ts';
import { buildGlGeometry } from '../../packages/editor/src/view/gl-geometry.ts';
import { boardPicture } from '../../packages/editor/src/view/board-picture.ts';
import { generatedBoard } from './pcb-boards.ts';

const text = generatedBoard(400, 250, 2, '100k').text;
const cpu = () => { const u = cpuUsage(); return (u.user + u.system) / 1000; };
const runs = Number(process.argv[2] ?? 5);
const rows: Record<string, number[]> = {};
for (let i = 0; i < runs; i++) {
  const t: Array<[string, number]> = [['start', cpu()]];
  const blocks = parseDocuments(text); t.push(['parse', cpu()]);
  boardPicture({ blocks, width: 1280, height: 800, pxPerUnit: 0.1, background: '#10141a' }); t.push(['picture', cpu()]);
  const doc = new EditorDocument(blocks); t.push(['document', cpu()]);
  const ed = new PcbEditor(doc, {}); t.push(['scene', cpu()]);
  const prims = [...ed.scene.prims.values()].flat(); t.push(['flatten', cpu()]);
  buildGlGeometry(prims); t.push(['geometry', cpu()]);
  for (let j = 1; j < t.length; j++) (rows[t[j][0]] ??= []).push(t[j][1] - t[j - 1][1]);
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
for (const [k, v] of Object.entries(rows)) console.log(`${k.padEnd(10)} median ${med(v).toFixed(0).padStart(5)} ms CPU  (${v.map((x) => x.toFixed(0)).join(' ')})`);
