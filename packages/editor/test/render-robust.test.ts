/**
 * [issue-10] One bad record never blanks a sheet: a negative radius, a radius that is not a number, a
 * component whose symbol is missing, a bad shape inside a symbol are skipped (or marked) with a
 * warning and every other record of the real sheet is still drawn, in the SVG and in the scene.
 */
import { describe, expect, it } from 'vitest';
import { EditorDocument, SheetScene, contextFromArchive, listSheets, openDocument, renderSchematicSvg, type PaintWarning } from '../src/index.ts';
import { parseDocuments } from '@copperplate/format';
import { entryText, fixture } from './fixtures.ts';
import { drawnIds } from './drawable.ts';

describe('[issue-10] a bad record is skipped with a warning', () => {
  const a = fixture('TriWave-2.1.epro');
  const sheet = listSheets(a)[0];
  const text = entryText(a, sheet.path);

  it('negative and non-numeric radii, a missing symbol: warned, the rest of the sheet drawn', () => {
    const ctx = contextFromArchive(a);
    const good = renderSchematicSvg(openDocument(text), { ctx });
    const goodIds = drawnIds(good);
    const bad = text.trimEnd() + '\n' + [
      '["CIRCLE","bad1",100,100,-5,null,0]',
      '["ELLIPSE","bad2",100,100,"abc",3,0,null,0]',
      '["COMPONENT","bad3","",300,300,0,0,{},0]',
      '["ATTR","bad4","bad3","Symbol","00000000000000000000000000000000",null,null,null,null,null,null,0]',
    ].join('\n') + '\n';
    const warnings: PaintWarning[] = [];
    const svg = renderSchematicSvg(openDocument(bad), { ctx, onWarning: (w) => warnings.push(w) });
    expect(warnings.map((w) => w.id).sort()).toEqual(['bad1', 'bad2', 'bad3']);
    expect(warnings.find((w) => w.id === 'bad1')!.message).toMatch(/negative radius/);
    expect(warnings.find((w) => w.id === 'bad3')!.message).toMatch(/not found/);
    const ids = drawnIds(svg);
    expect([...goodIds].filter((id) => !ids.has(id))).toEqual([]);
    expect(ids.has('bad1')).toBe(false);
    expect(ids.has('bad2')).toBe(false);
    expect(ids.has('bad3')).toBe(true); // the marker box keeps it visible and selectable
    // the editor's scene takes the same document without throwing and keeps every good record
    const scene = new SheetScene(openDocument(bad), ctx);
    for (const id of goodIds) expect(scene.item(id), id).toBeDefined();
  });

  it('a bad shape inside a symbol skips that shape only: the component and its pins are drawn', () => {
    const ctx = contextFromArchive(a);
    // the first component's symbol gets a circle of negative radius
    const doc = openDocument(text);
    const [compKey] = doc.ofType('COMPONENT').find(([k]) => doc.childrenOf(k).some((c) => doc.get(c)?.[3] === 'Designator' && doc.get(c)?.[4] === 'U2'))!;
    const symUuid = String(doc.childrenOf(compKey).map((c) => doc.get(c)!).find((r) => r[3] === 'Symbol')![4]);
    const sym = ctx.symbols.get(symUuid)!;
    const symText = entryText(a, `SYMBOL/${symUuid}.esym`).trimEnd() + '\n["CIRCLE","badc",0,0,-3,null,0]\n';
    ctx.symbols.set(symUuid, { ...sym, doc: new EditorDocument(parseDocuments(symText)) });
    const warnings: PaintWarning[] = [];
    const svg = renderSchematicSvg(doc, { ctx, onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([]);
    expect(drawnIds(svg).has(compKey)).toBe(true);
    const group = svg.slice(svg.indexOf(`data-id="${compKey}"`));
    expect((group.slice(0, group.indexOf('data-kind="ATTR"')).match(/data-kind="PIN"/g) ?? []).length).toBeGreaterThan(5);
    expect(svg).not.toMatch(/r="-3"/);
  });
});
