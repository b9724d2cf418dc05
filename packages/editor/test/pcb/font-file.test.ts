/**
 * The PCB painter draws TrueType text from the board's font file (FONT/<base64(pcbUuid_0)>.efon), as
 * the fabrication silkscreen does (convert's test/fab/font-file): ExtBoard-001's 宋体 labels were boxes.
 */
import { describe, expect, it } from 'vitest';
import { b64 } from '@copperplate/board';
import { findPcbDoc, sceneInputOf } from '../../src/pcb/load.ts';
import { PcbScene } from '../../src/pcb/scene.ts';

const PCB = '52c1f28a78724ecf87d14334c2547b53';
const rec = (rs: unknown[][]) => rs.map((r) => JSON.stringify(r)).join('\n');

describe('PCB painter: text outlines from the board font file', () => {
  it('a STRING in 宋体 is drawn filled from the .efon FONT record', () => {
    const entries = new Map<string, string>([
      [`PCB/${PCB}.epcb`, rec([['DOCTYPE', 'PCB', '1.8'], ['LAYER', 3, 'TOP_SILK', 'Top Silk', 3], ['STRING', 's1', 0, 3, 100, 500, '电源', '宋体', 118.1102, 7.9921, 0, 0, 3, 0, 0, 0, 0, 1]])],
      [`FONT/${b64(PCB + '_0')}.efon`, rec([['DOCTYPE', 'FONT', '1.7'], ['FONT', '电源', '宋体', 11.811, 10, false, false, false, 0, 236.2, 118.1, [[0, 0, 'L', 10, 0, 10, 10, 0, 10]]]])],
    ]);
    const ref = findPcbDoc({ projectJson: { pcbs: { [PCB]: 'PCB1' } }, entries }, 'PCB1');
    const scene = new PcbScene(sceneInputOf(ref.text, ref.project, ref.uuid));
    const text = [...scene.prims.values()].flat().filter((p) => p.rec === 'STRING');
    expect(text).toHaveLength(1);
    expect(text[0].filled).toBe(true);
    expect(text[0].box.maxX - text[0].box.minX).toBeCloseTo(236.2, 1);
  });
});
