import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { contextFromArchive, listSheets, openDocument, renderSchematicSvg, renderSymbolSvg } from '../src/index.ts';
import { entryText, fixture, fixtureNames } from './fixtures.ts';
import { drawableSheetIds, drawnIds } from './drawable.ts';

const SNAP = join(import.meta.dirname, '__snapshots__');

function expectedSymbolIds(text: string): string[] {
  const ids: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as unknown[];
    const shape = ['PIN', 'TEXT', 'RECT', 'POLY', 'CIRCLE', 'ELLIPSE', 'ARC', 'BEZIER', 'OBJ', 'TABLE', 'TABEL_CELL'].includes(r[0] as string);
    const shownAttr = r[0] === 'ATTR' && r[2] === '' && (r[5] === 1 || r[5] === true || r[6] === 1 || r[6] === true) && r[7] != null;
    if (shape || shownAttr) ids.push(r[1] as string);
  }
  return ids;
}

/** data-id values of the SVG, with the element that carries each. */
function svgIds(svg: string): string[] {
  return [...svg.matchAll(/data-id="([^"]*)"/g)].map((m) => m[1]);
}

/** `<g data-id>` elements without drawing inside, other than ATTRs (an attribute shown with an empty value draws nothing). */
function emptyGroups(svg: string): string[] {
  return [...svg.matchAll(/<g data-id="([^"]*)" data-kind="([^"]*)"[^>]*><\/g>/g)].filter((m) => m[2] !== 'ATTR').map((m) => m[1]);
}

for (const name of fixtureNames()) {
  describe(`render ${name}`, () => {
    const a = fixture(name);
    const ctx = contextFromArchive(a);

    for (const sh of listSheets(a)) {
      it(`sheet ${sh.schematicName}/${sh.sheetName}: every drawable record is a data-id element, snapshot`, async () => {
        const text = entryText(a, sh.path);
        const warnings: string[] = [];
        const svg = renderSchematicSvg(openDocument(text), { ctx, onWarning: (w) => warnings.push(`${w.id}: ${w.message}`) });
        const expected = drawableSheetIds(text, {
          symbolText: (u) => (a.entries.has(`SYMBOL/${u}.esym`) ? entryText(a, `SYMBOL/${u}.esym`) : undefined),
          device: (u) => (a.projectJson as { devices?: Record<string, { attributes?: Record<string, unknown> }> }).devices?.[u]?.attributes,
        });
        expect(expected.length).toBeGreaterThan(50);
        expect(warnings).toEqual([]);
        // every record that must draw is an element that draws something; no element for anything else
        const drawn = drawnIds(svg);
        expect(expected.filter((id) => !drawn.has(id))).toEqual([]);
        const want = new Set(expected);
        expect(svgIds(svg).filter((id) => !want.has(id))).toEqual([]);
        // components drawn from their symbols: none falls back to the unknown-symbol box
        expect(svg).not.toContain('stroke="#FF0000" stroke-width="1" stroke-dasharray="2 2"');
        expect(emptyGroups(svg)).toEqual([]);
        await expect(svg).toMatchFileSnapshot(join(SNAP, `${name.replace('.epro', '')}.${sh.sheetName}.svg`));
      });
    }

    it('every symbol: every drawable record is a data-id element, snapshot', async () => {
      const pj = a.projectJson as { symbols: Record<string, { title: string }> };
      const uuids = Object.keys(pj.symbols).sort();
      expect(uuids.length).toBeGreaterThan(10);
      for (const uuid of uuids) {
        const text = entryText(a, `SYMBOL/${uuid}.esym`);
        const svg = renderSymbolSvg(openDocument(text), { blobs: ctx.blobs });
        const expected = expectedSymbolIds(text);
        expect(new Set(svgIds(svg)), pj.symbols[uuid].title).toEqual(new Set(expected));
        expect(svgIds(svg).length).toBe(expected.length);
        await expect(svg).toMatchFileSnapshot(join(SNAP, 'symbols', `${name.replace('.epro', '')}.${uuid}.svg`));
      }
    });
  });
}
