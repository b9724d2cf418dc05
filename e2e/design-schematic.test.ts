/**
 * [issue-14] "Must show", the schematic half, with real mouse clicks: in a project that has parts
 * (an imported one; the library panel is another issue), a new board from the tree gives an empty
 * schematic; on it a VCC power port, a GND port, three resistors (one turned by R before its click),
 * wires between pins, a net label (its name asked), a wire ending on a wire (a junction), a
 * no-connect flag; annotate; ERC finds no problem; after a reload the server holds the sheet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signUp, startStack, type Stack } from './lib/harness.ts';
import { fixtureFiles } from './lib/fixtures.ts';
import { clickAt, importAndOpen, recordsOf, serverDataStr, until, waitForEditor } from './editor-helpers.ts';

const RES = 'e956bc515dd74744a6fd01ab3b6812d3'; // 电阻: pins at (-20,0) and (20,0)
const RES_DEV = '00177061e2ba4c07beff1dc72a8753dd'; // Res_0603, Value 10K

let stack: Stack;
let browser: Browser;
let page: Page;
let errors: string[];
let project = '';
const file = fixtureFiles().find((f) => f.includes('STM32')) ?? fixtureFiles()[0];

const hook = <T,>(fn: string): Promise<T> => page.evaluate((f) => new Function('h', `return (${f})(h)`)((window as any).__cpEditor), fn) as Promise<T>;
const boards = async (): Promise<string[]> => {
  const r = await page.request.get(`${stack.url}/api/projects/${project}`);
  return ((await r.json()) as { result: { boards: Array<{ name: string }> } }).result.boards.map((b) => b.name);
};

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  ({ page, errors } = await newPage(browser, `${stack.url}/?e2e`));
  await signUp(page, 'design');
  project = await importAndOpen(page, file);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('design a schematic (e2e)', () => {
  it('[issue-14] power port, three parts, wires, a label, a no-connect; ERC clean; the server has it', async () => {
    const before = await boards();
    await page.locator('[role=treeitem][data-icon=board] > .tree-row').first().click({ button: 'right' });
    await page.getByRole('menu').getByRole('menuitem', { name: 'New board', exact: true }).click();
    const name = await until(async () => (await boards()).find((b) => !before.includes(b)), 30_000, 'new board');
    await page.locator(`li[data-icon=board][aria-label="${name}"] li[data-icon=sheet] > .tree-row`).first().click();
    await waitForEditor(page, 'sheets');
    await page.locator('[data-testid=sync-status][data-status=saved]').waitFor({ timeout: 30_000 });
    await waitForEditor(page, 'sheets');
    const sheet = await hook<string>('(h) => h.id');
    expect(await hook<number>('(h) => h.doc.records().filter((r) => r[0] === "COMPONENT" || r[0] === "WIRE").length')).toBe(0);
    await hook('(h) => h.fitBox(-20, -40, 260, 230)');

    const place = page.getByLabel('Place component (P)');
    const placeAt = async (value: string, x: number, y: number, turns = 0) => {
      await place.selectOption(value);
      await until(() => hook<boolean>("(h) => h.editor.tools.active.id === 'place'"), 10_000, 'place tool');
      const p = await page.evaluate(([a, b]) => (window as any).__cpEditor.toPage(a, b), [x, y] as const);
      await page.mouse.move(p.x, p.y);
      for (let i = 0; i < turns; i++) await page.keyboard.press('r');
      await clickAt(page, x, y);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      return hook<string>("(h) => { const all = h.doc.ofType('COMPONENT'); return all[all.length - 1][0]; }");
    };
    const wire = async (pts: Array<[number, number]>) => {
      await page.getByLabel('Schematic canvas').focus();
      await page.keyboard.press('w');
      for (const [x, y] of pts) await clickAt(page, x, y);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
    };

    // VCC - R1 - R2 - GND in a column; R3 from the middle net, its far pin not connected
    await placeAt('flag:VCC', 100, 200);
    const r1 = await placeAt(`${RES}|${RES_DEV}`, 100, 150, 1); // turned upright: pins at (100,130) and (100,170)
    const r2 = await placeAt(`${RES}|${RES_DEV}`, 100, 50, 1);
    await placeAt('flag:GND', 100, 0);
    const r3 = await placeAt(`${RES}|${RES_DEV}`, 200, 100);
    const pins = await hook<Array<{ component: string; x: number; y: number }>>('(h) => h.pins()');
    const at = (k: string) => pins.filter((p) => p.component === k).map((p) => [p.x, p.y]).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    expect(at(r1)).toEqual([[100, 130], [100, 170]]);
    expect(at(r2)).toEqual([[100, 30], [100, 70]]);
    expect(at(r3)).toEqual([[180, 100], [220, 100]]);
    await wire([[100, 200], [100, 170]]);
    await wire([[100, 130], [100, 70]]);
    await wire([[100, 30], [100, 0]]);
    await wire([[180, 100], [100, 100]]); // ends on the R1-R2 wire: a junction there
    await until(() => hook<boolean>('(h) => h.editor.scene.junctions.has("100,100")'), 10_000, 'junction');

    // the middle net's label, its name asked
    await page.keyboard.press('n');
    await clickAt(page, 100, 115);
    const ask = page.getByRole('dialog', { name: 'Net name' });
    await ask.getByLabel('Name').fill('MID');
    await ask.getByRole('button', { name: 'Place' }).click();
    await ask.waitFor({ state: 'detached' });
    // no-connect on R3's far pin
    await page.getByLabel('Schematic canvas').focus();
    await page.keyboard.press('Escape');
    await page.keyboard.press('q');
    await clickAt(page, 220, 100);
    await page.keyboard.press('Escape');

    // annotate (R? x3 would be duplicates), then ERC: nothing to report
    await page.getByRole('button', { name: 'Annotate' }).click();
    const dlg = page.getByRole('dialog', { name: 'Annotate designators' });
    await dlg.getByRole('button', { name: 'Annotate' }).click();
    await dlg.waitFor({ state: 'detached' });
    const des = await hook<string[]>(`(h) => ['${r1}', '${r2}', '${r3}'].map((k) => h.editor.attributeValue(k, 'Designator'))`);
    expect(new Set(des).size).toBe(3);
    for (const d of des) expect(d).toMatch(/^R\d+$/);
    const erc = page.getByRole('region', { name: 'ERC' });
    await erc.getByRole('button', { name: 'Check' }).click();
    await erc.getByText('No problems found').waitFor({ timeout: 30_000 }).catch(async (e) => {
      throw new Error(`${e.message}: ${await hook<string>('(h) => JSON.stringify(h.editor.erc().map((m) => [m.rule, m.message, m.sheet]))')}`);
    });

    // reload: the server holds the sheet as drawn
    await page.locator('[data-testid=sync-status][data-status=saved]').waitFor({ timeout: 30_000 });
    await page.reload();
    await page.getByRole('tree').waitFor();
    const text = await until(async () => {
      const t = await serverDataStr(page, project, 'sheets', sheet);
      return t.includes('"MID"') && t.includes('NO_CONNECT') && t.includes(`"${des[2]}"`) ? t : null;
    }, 30_000, 'server sheet');
    const recs = recordsOf(text);
    expect(recs.filter((r) => r[0] === 'COMPONENT')).toHaveLength(5);
    expect(recs.filter((r) => r[0] === 'WIRE')).toHaveLength(4);
    expect(recs.filter((r) => r[0] === 'ATTR' && r[3] === 'Global Net Name').map((r) => r[4]).sort()).toEqual(['GND', 'VCC']);
    expect(errors).toEqual([]);
  }, 150_000);
});
