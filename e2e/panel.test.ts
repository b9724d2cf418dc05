/**
 * Issue 19 "Must show" in Chromium: create a front panel for a fixture board (tree menu on the PCB),
 * derive the cut-outs from its connectors, switches and LEDs, add text with the text tool (a real
 * click on the canvas), place a built-in part, export DXF and SVG (browser downloads); the DXF read back by an independent
 * reader (npm dxf-parser) has the same entities as the panel the server stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import DxfParser from 'dxf-parser';
import { parseDocuments } from '@copperplate/format';
import { PanelPoly, PanelString } from '@copperplate/format/records';
import { panelDxfEntities, resolvePanel } from '@copperplate/convert/panel/index';
import { fixtureFiles, fixtureNames } from './lib/fixtures.ts';
import { clickAt, editorSession, serverDataStr, until, waitForEditor, type EditorSession } from './lib/editor.ts';

let session: EditorSession;
let page: Page;
let errors: string[];
let project = '';
const file = fixtureFiles().find((f) => f.includes('STM32')) ?? fixtureFiles()[0];
const names = fixtureNames(file);

beforeAll(async () => {
  session = await editorSession({ user: 'panel', fixture: file });
  ({ page, errors, project } = session);
}, 180_000);
afterAll(async () => {
  await session?.close();
});

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: button, exact: true }).click()]);
  const path = await d.path();
  return { name: d.suggestedFilename(), text: readFileSync(path!, 'utf8') };
}

describe('front panel editor', () => {
  it('[issue-19] a panel for the fixture board: cut-outs from its parts, text, DXF and SVG exported, the DXF read back with the same entities', async () => {
    // 1. the tree's menu on the PCB creates a panel for it and opens the panel editor
    await page.locator(`[role=treeitem][data-icon=pcb] > .tree-row[title="${names.pcbs[0]}"]`).first().click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'New front panel' }).click();
    await waitForEditor(page, 'panels');
    const panelId = await page.evaluate(() => (window as any).__cpEditor.id as string);
    // 2. cut-outs from the board's connectors, switches and LEDs
    await page.getByRole('button', { name: 'Cut-outs from board' }).click();
    await page.getByTestId('panel-status').filter({ hasText: 'cut-outs from the board' }).waitFor({ timeout: 30_000 });
    const derived = await page.evaluate(() => [...(window as any).__cpEditor.editor.derivedKeys().keys()].sort());
    expect(derived).toEqual(['LED1', 'LED2', 'SW1', 'SW2', 'USB2']);
    // 3. text with the text tool, placed by a click on the canvas
    await page.getByRole('button', { name: 'Text (T)' }).click();
    await page.getByLabel('Text to place').fill('POWER');
    const at = await page.evaluate(() => { const s = (window as any).__cpEditor.editor.settings; return { x: s.originX + s.width / 2, y: s.originY + s.height * 0.15 }; });
    await clickAt(page, at.x, at.y);
    await until(async () => page.evaluate(() => (window as any).__cpEditor.editor.model.items.some((i: any) => i.kind === 'text' && i.text === 'POWER')), 20_000, 'the text on the panel');
    // a built-in part from the panel library, placed by a click
    await page.getByLabel('Place part').selectOption({ label: 'LED 5 mm' });
    await clickAt(page, at.x - 400, at.y + 300);
    await until(async () => page.evaluate(() => (window as any).__cpEditor.editor.model.cutouts.length === 6), 20_000, 'the placed part');
    // 4. saved: the server's panel has the derived cut-outs, the part and the text
    const stored = await until(async () => {
      const t = await serverDataStr(page, project, 'panels', panelId);
      return t.includes('POWER') && t.includes('board:USB2') && t.includes('LED 5 mm') ? t : null;
    }, 30_000, 'the panel saved on the server');
    const recs = parseDocuments(stored)[0].records;
    expect(recs.filter((r) => PanelPoly.is(r) && PanelPoly.get(r, 'name').startsWith('board:'))).toHaveLength(5);
    expect(recs.filter((r) => PanelString.is(r)).map((r) => PanelString.get(r, 'text'))).toEqual(['POWER']);
    // 5. DXF and SVG downloads
    const dxf = await download(page, 'Export DXF');
    expect(dxf.name).toMatch(/\.dxf$/);
    const parsed = new DxfParser().parseSync(dxf.text)!;
    const ours = panelDxfEntities(resolvePanel(recs));
    const theirs = parsed.entities as unknown as Record<string, any>[];
    expect(theirs.map((e) => [e.type, e.layer])).toEqual(ours.map((e) => [e.type, e.layer]));
    expect(theirs.filter((e) => e.layer === 'CUT')).toHaveLength(6);
    expect(theirs.find((e) => e.type === 'TEXT')!.text).toBe('POWER');
    ours.forEach((e, i) => {
      if (e.type === 'CIRCLE') expect([theirs[i].center.x, theirs[i].center.y, theirs[i].radius]).toEqual([e.x, e.y, e.r]);
      if (e.type === 'LWPOLYLINE') expect(theirs[i].vertices.map((v: any) => [v.x, v.y, v.bulge ?? 0])).toEqual(e.vertices.map((v) => [v.x, v.y, v.bulge]));
    });
    const svg = await download(page, 'Export SVG');
    expect(svg.name).toMatch(/_cut\.svg$/);
    expect(svg.text.match(/stroke="#ff0000"/g)).toHaveLength(7); // the outline, 5 derived cut-outs and the part
    expect(svg.text).toContain('data-text="POWER"');
    // 6. the dimensioned drawing as PDF (our own writer; read back by poppler in packages/convert/test/panel/pdf.test.ts)
    const [pd] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: 'Drawing (PDF)', exact: true }).click()]);
    expect(pd.suggestedFilename()).toMatch(/_drawing\.pdf$/);
    expect(readFileSync((await pd.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    // 7. the placed part selected by a click, copied, pasted and turned from the keyboard: one more cut-out, saved
    await page.getByRole('button', { name: 'Select (S)' }).click();
    await clickAt(page, at.x - 400, at.y + 300);
    await until(async () => page.evaluate(() => (window as any).__cpEditor.editor.selection.ids.length === 1), 20_000, 'the part selected');
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await until(async () => page.evaluate(() => (window as any).__cpEditor.editor.model.cutouts.length === 7), 20_000, 'the pasted part');
    await page.keyboard.press('r');
    await until(async () => (await serverDataStr(page, project, 'panels', panelId)).split('LED 5 mm').length === 3 ? true : null, 30_000, 'the pasted part on the server');
    // 8. the cut-out layer hidden: not drawn
    await page.getByLabel('Show Cut-out').uncheck();
    await until(async () => page.evaluate(() => (window as any).__cpEditor.editor.hiddenLayers.has(3)), 10_000, 'the layer hidden');
    await until(async () => ((await page.locator('.cp-panel-canvas path.plate').getAttribute('d')) ?? '').match(/M/g)?.length === 1, 10_000, 'only the outline in the plate');
    await page.getByLabel('Show Cut-out').check();
    // 9. a part saved to the user's library (the server's component library, type 26) and placed from it
    await clickAt(page, at.x - 400, at.y + 300);
    await until(async () => page.evaluate(() => (window as any).__cpEditor.editor.selection.ids.length === 1), 20_000, 'the part selected again');
    await page.getByLabel('Part name').fill('My LED hole');
    await page.getByRole('button', { name: 'Save as part' }).click();
    await page.getByTestId('panel-status').filter({ hasText: 'Saved part My LED hole to My library' }).waitFor({ timeout: 30_000 });
    await until(async () => (await page.getByLabel('Place part').locator('option', { hasText: 'My LED hole' }).count()) === 1, 20_000, 'the saved part listed');
    const mineValue = await page.getByLabel('Place part').locator('option', { hasText: 'My LED hole' }).getAttribute('value');
    await page.getByLabel('Place part').selectOption(mineValue!);
    await until(async () => page.evaluate(() => (window as any).__cpEditor.editor.tools.active?.id === 'part'), 20_000, 'the part tool with the saved part');
    await clickAt(page, at.x + 400, at.y + 300);
    await until(async () => page.evaluate(() => (window as any).__cpEditor.editor.model.cutouts.length === 8), 20_000, 'the saved part placed');
    // 10. a picture printed on the panel (an image fill), drawn and saved
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await page.getByLabel('Place image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('panel-status').filter({ hasText: 'Placed picture logo.png' }).waitFor({ timeout: 20_000 });
    await page.locator('.cp-panel-canvas [data-image="yes"] image').first().waitFor({ timeout: 20_000 });
    await until(async () => (await serverDataStr(page, project, 'panels', panelId)).includes('data:image/png;base64,iVBOR') ? true : null, 30_000, 'the picture on the server');
    expect(errors).toEqual([]);
  }, 180_000);
});
