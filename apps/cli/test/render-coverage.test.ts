/**
 * [issue-10] `copperplate render` of every sheet and every board of every fixture (.epro and .epro2)
 * draws at least 99% of the records that must draw something. Drawable records are decided from the
 * file text (packages/editor/test/drawable.ts for sheets; geometry records and shown ATTRs for PCBs),
 * drawn ones are the SVG's `<g data-id>` elements that contain a shape or a text. The counts per
 * document are printed (the issue's report quotes them).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { mainBlock, parseDocuments, readEpro, type EproArchive } from '@copperplate/format';
import { listSheets, textOf } from '@copperplate/editor';
import { findPcbDoc, pcbDocNames } from '@copperplate/editor';
import { renderPcbSvg } from '@copperplate/editor';
import { findDocument, renderSchematicDocument } from '../src/commands/render.ts';
import { drawableSheetIds, drawnIds } from '../../../packages/editor/test/drawable.ts';

const FIX = join(import.meta.dirname, '../../../../shared/fixtures/epro');
const names = readdirSync(FIX).filter((f) => /\.epro2?$/.test(f)).sort();

/** PCB records that draw (every layer shown), as the PCB painter test counts them. */
const PCB_DRAWABLE = new Set(['LINE', 'ARC', 'VIA', 'PAD', 'POLY', 'FILL', 'POUR', 'POURED', 'REGION', 'TEARDROP', 'STRING', 'DIMENSION', 'IMAGE', 'OBJ', 'COMPONENT']);
const ALL_LAYERS = Array.from({ length: 120 }, (_, i) => i + 1);

function pcbDrawable(text: string): string[] {
  const b = mainBlock(parseDocuments(text), 'PCB') ?? parseDocuments(text)[0];
  return b.records
    .filter((r) => (PCB_DRAWABLE.has(r[0] as string) || (r[0] === 'ATTR' && (r[9] || r[10]) && typeof r[5] === 'number')) && typeof r[1] === 'string')
    .map((r) => r[1] as string);
}

const results: string[] = [];

describe('[issue-10] render coverage of the fixtures', () => {
  for (const file of names) {
    const a: EproArchive = readEpro(new Uint8Array(readFileSync(join(FIX, file))), { name: file });
    const entry = (p: string): string | undefined => textOf(a.entries.get(p));
    const devices = (a.projectJson as { devices?: Record<string, { attributes?: Record<string, unknown> }> }).devices ?? {};
    for (const sh of listSheets(a)) {
      const name = `${sh.schematicName}/${sh.sheetName}`;
      it(`${file} sheet ${name}: at least 99% of the drawable records drawn`, () => {
        const found = findDocument(a, name);
        expect(found?.kind).toBe('sheet');
        const warnings: string[] = [];
        const svg = renderSchematicDocument(a, found!, (w) => warnings.push(`${w.id} ${w.message}`));
        const want = drawableSheetIds(entry(sh.path) ?? '', { symbolText: (u) => entry(`SYMBOL/${u}.esym`), device: (u) => devices[u]?.attributes });
        const drawn = drawnIds(svg);
        const got = want.filter((id) => drawn.has(id)).length;
        results.push(`${file} sheet ${name}: ${got}/${want.length} (${((100 * got) / want.length).toFixed(2)}%)${warnings.length ? `, ${warnings.length} warnings` : ''}`);
        expect(want.length).toBeGreaterThan(10);
        expect(got / want.length).toBeGreaterThanOrEqual(0.99);
      });
    }
    for (const pcb of pcbDocNames(a).pcbs) {
      it(`${file} board ${pcb.name}: at least 99% of the drawable records drawn`, () => {
        const ref = findPcbDoc(a, pcb.uuid);
        const svg = renderPcbSvg(ref.text, { project: ref.project, pcbUuid: ref.uuid, layers: ALL_LAYERS });
        const want = pcbDrawable(ref.text);
        const drawn = drawnIds(svg);
        const got = want.filter((id) => drawn.has(id)).length;
        results.push(`${file} board ${pcb.name}: ${got}/${want.length} (${((100 * got) / want.length).toFixed(2)}%)`);
        expect(want.length).toBeGreaterThan(10);
        expect(got / want.length).toBeGreaterThanOrEqual(0.99);
      });
    }
  }
  it('prints the counts', () => {
    console.log(`render coverage (drawn/drawable):\n  ${results.join('\n  ')}`);
    expect(results.length).toBeGreaterThan(0);
  });
});
