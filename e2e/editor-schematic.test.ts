/**
 * Issue 5 in Chromium: open a fixture sheet in the schematic editor, draw a wire between two pins
 * with the wire tool (W, real mouse clicks on the canvas), add a net label (N), undo and redo
 * (Ctrl+Z, Ctrl+Y), reload: the wire and the label are in the reopened document and in the
 * document the server stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logIn, newPage, signUp, startStack, type Stack } from './lib/harness.ts';
import { fixtureFiles, fixtureNames } from './lib/fixtures.ts';
import { clickAt, importAndOpen, openInEditor, recordsOf, serverDataStr, until, waitForEditor } from './lib/editor.ts';

let stack: Stack;
let browser: Browser;
let page: Page;
let errors: string[];
let project = '';
let user = '';
const file = fixtureFiles().find((f) => f.includes('STM32')) ?? fixtureFiles()[0];
const names = fixtureNames(file);

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  ({ page, errors } = await newPage(browser, `${stack.url}/?e2e`));
  user = await signUp(page, 'sch');
  project = await importAndOpen(page, file);
  await openInEditor(page, 'sheet', names.sheets[0], 'sheets');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** Waits until the toolbar shows the tool button as the active tool. */
const pressed = (page: Page, name: string) => page.locator(`button[aria-label="${name}"][aria-pressed=true]`).waitFor({ timeout: 5000 });

interface Pin { component: string; x: number; y: number }

/** Two pins of different components on one grid row with free wire space between them (no wire at the middle). */
async function pickPins(page: Page): Promise<{ a: Pin; b: Pin; mid: { x: number; y: number } }> {
  return page.evaluate(() => {
    const h = (window as any).__cpEditor;
    const pins: Pin[] = h.pins().filter((p: Pin) => p.x % 5 === 0 && p.y % 5 === 0);
    const ed = h.editor;
    let best: { a: Pin; b: Pin; mid: { x: number; y: number } } | null = null;
    for (const a of pins) for (const b of pins) {
      if (a.component === b.component || a.y !== b.y || b.x - a.x < 30 || b.x - a.x > 300) continue;
      const mid = { x: Math.round((a.x + b.x) / 10) * 5, y: a.y };
      if (ed.wireAt(mid.x, mid.y) || pins.some((p) => p.y === a.y && p.x > a.x && p.x < b.x)) continue;
      if (!best || b.x - a.x < best.b.x - best.a.x) best = { a, b, mid };
    }
    if (!best) throw new Error('no pair of pins on one row');
    return best;
  });
}

/** The document's WIRE records with an end at both points, and NET labels on them. */
function wiresBetween(page: Page, a: Pin, b: Pin): Promise<{ wires: string[]; labels: Array<{ id: string; wire: string; name: string }> }> {
  return page.evaluate(
    ([a, b]) => {
      const doc = (window as any).__cpEditor.doc;
      const wires: string[] = [];
      for (const [k, r] of doc.ofType('WIRE')) {
        const pts: number[] = (r[2] as number[][]).flat();
        const has = (p: { x: number; y: number }) => pts.some((_, i) => i % 2 === 0 && pts[i] === p.x && pts[i + 1] === p.y);
        if (has(a) && has(b)) wires.push(k);
      }
      const labels = doc.ofType('ATTR').filter(([, r]: [string, unknown[]]) => wires.includes(r[2] as string) && r[3] === 'NET').map(([k, r]: [string, unknown[]]) => ({ id: k, wire: r[2], name: r[4] }));
      return { wires, labels };
    },
    [a, b] as const,
  );
}

describe('schematic editor in the browser (issue 5)', () => {
  it('[issue-5] draw a wire between two pins, add a net label, undo, redo, reload: the edit is there and reached the server', async () => {
    const { a, b, mid } = await pickPins(page);
    expect((await wiresBetween(page, a, b)).wires).toEqual([]);
    await page.evaluate(([a, b]) => (window as any).__cpEditor.fitBox(a.x - 40, a.y - 40, b.x + 40, b.y + 40), [a, b] as const);
    await page.getByLabel('Schematic canvas').focus();

    // W, click pin A, click pin B: the wire ends by itself on a pin
    await page.keyboard.press('w');
    await pressed(page, 'Wire (W)');
    await clickAt(page, a.x, a.y);
    await clickAt(page, b.x, b.y);
    const drawn = await wiresBetween(page, a, b);
    expect(drawn.wires).toHaveLength(1);
    const wire = drawn.wires[0];

    // N, click on the new wire: the name is asked (the suggestion taken), a NET label on it
    await page.keyboard.press('n');
    await pressed(page, 'Net label (N)');
    await clickAt(page, mid.x, mid.y);
    const ask = page.getByRole('dialog', { name: 'Net name' });
    await ask.getByRole('button', { name: 'Place' }).click();
    await ask.waitFor({ state: 'detached' });
    const labelled = await until(async () => { const w = await wiresBetween(page, a, b); return w.labels.length ? w : null; }, 10_000, 'net label');
    expect(labelled.labels).toHaveLength(1);
    const label = labelled.labels[0];
    expect(label.wire).toBe(wire);
    await page.keyboard.press('Escape');
    await pressed(page, 'Select (Esc)');

    // undo removes the label (the wire stays), redo brings it back
    await page.keyboard.press('Control+z');
    expect(await wiresBetween(page, a, b)).toEqual({ wires: [wire], labels: [] });
    await page.keyboard.press('Control+y');
    expect(await wiresBetween(page, a, b)).toEqual({ wires: [wire], labels: [label] });

    // the server stores the sheet with the wire and the label
    const id = await page.evaluate(() => (window as any).__cpEditor.id as string);
    const stored = await until(async () => {
      const recs = recordsOf(await serverDataStr(page, project, 'sheets', id));
      const w = recs.find((r) => r[0] === 'WIRE' && r[1] === wire);
      const l = recs.find((r) => r[0] === 'ATTR' && r[1] === label.id);
      return w && l ? { w, l } : null;
    }, 30_000, 'the edit on the server');
    expect(stored.l.slice(2, 5)).toEqual([wire, 'NET', label.name]);
    expect((stored.w[2] as number[][]).flat()).toEqual([a.x, a.y, b.x, b.y]);

    // reload: the reopened sheet has them
    await page.reload();
    await waitForEditor(page, 'sheets');
    expect(await wiresBetween(page, a, b)).toEqual({ wires: [wire], labels: [label] });
    if (process.env.CP_EDITOR_SHOTS) await page.screenshot({ path: `${process.env.CP_EDITOR_SHOTS}/schematic-editor.png` });
    await expect(page.getByTestId('editor-save').getAttribute('data-state')).resolves.toBe('saved');
    expect(errors).toEqual([]);
  }, 120_000);

  it('[issue-5] click a component, change its designator in the property panel, drag it, place a device, annotate; each undone', async () => {
    const pick = await page.evaluate(() => {
      const { editor: ed, doc } = (window as any).__cpEditor;
      for (const [k] of doc.ofType('COMPONENT')) {
        const d = ed.attributeValue(k, 'Designator');
        const it = ed.scene.item(k);
        if (!d || !it) continue;
        const x = (it.bbox.minX + it.bbox.maxX) / 2, y = (it.bbox.minY + it.bbox.maxY) / 2;
        if (ed.hit(x, y) === k) return { k, d, x, y, b: it.bbox };
      }
      throw new Error('no component to click');
    });
    await page.evaluate((p) => (window as any).__cpEditor.fitBox(p.b.minX - 20, p.b.minY - 20, p.b.maxX + 20, p.b.maxY + 20), pick);
    await clickAt(page, pick.x, pick.y);
    const props = page.getByRole('region', { name: 'Properties' });
    const field = props.getByLabel('Designator', { exact: true });
    await field.waitFor();
    expect(await field.inputValue()).toBe(pick.d);
    await field.fill('Q999');
    await field.press('Enter');
    const designator = () => page.evaluate((k) => (window as any).__cpEditor.editor.attributeValue(k, 'Designator'), pick.k);
    expect(await designator()).toBe('Q999');
    await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
    expect(await designator()).toBe(pick.d);

    // drag the selected component by 20 units to the right with the mouse, then undo
    const at = () => page.evaluate((k) => { const r = (window as any).__cpEditor.doc.get(k); return [r[3], r[4]]; }, pick.k);
    const [x0, y0] = await at();
    const from = await page.evaluate(([x, y]) => (window as any).__cpEditor.toPage(x, y), [pick.x, pick.y] as const);
    const to = await page.evaluate(([x, y]) => (window as any).__cpEditor.toPage(x, y), [pick.x + 20, pick.y] as const);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    expect(await at()).toEqual([x0 + 20, y0]);
    await page.keyboard.press('Control+z');
    expect(await at()).toEqual([x0, y0]);

    // place a device from the Place menu: a click puts a component there
    const comps = () => page.evaluate(() => (window as any).__cpEditor.doc.ofType('COMPONENT').length as number);
    const c0 = await comps();
    const place = page.getByLabel('Place component (P)');
    const option = await place.locator('option[value*="|"]').first().getAttribute('value');
    await place.selectOption(option!);
    await page.waitForFunction(() => (window as any).__cpEditor.editor.tools.active.id === 'place');
    const spot = { x: Math.round(pick.b.maxX / 5) * 5 + 60, y: Math.round(pick.y / 5) * 5 };
    await clickAt(page, spot.x, spot.y);
    expect(await comps()).toBe(c0 + 1);
    const placed = await page.evaluate(() => { const all = (window as any).__cpEditor.doc.ofType('COMPONENT'); return all[all.length - 1][1]; });
    expect(placed.slice(3, 5)).toEqual([spot.x, spot.y]);
    await page.keyboard.press('Escape'); // stop placing
    await page.keyboard.press('Escape'); // back to the select tool
    // Annotate numbers the new component's designator (one undo step)
    const des = () => page.evaluate((k) => (window as any).__cpEditor.editor.attributeValue(k, 'Designator') as string, placed[1] as string);
    expect(await des()).toMatch(/\?$/);
    await page.getByRole('button', { name: 'Annotate' }).click();
    const dlg = page.getByRole('dialog', { name: 'Annotate designators' });
    await dlg.getByLabel('Scope').selectOption('sheet');
    await dlg.getByRole('button', { name: 'Annotate' }).click();
    await dlg.waitFor({ state: 'detached' });
    expect(await des()).toMatch(/^[A-Za-z]+\d+$/);
    await page.getByLabel('Schematic canvas').focus();
    await page.keyboard.press('Control+z');
    expect(await des()).toMatch(/\?$/);
    await page.keyboard.press('Control+z');
    expect(await comps()).toBe(c0);
    expect(errors).toEqual([]);
  }, 60_000);

  it('[issue-5] ERC lists markers; clicking one selects its records; a selected wire highlights its net', async () => {
    const erc = page.getByRole('region', { name: 'ERC' });
    await erc.getByRole('button', { name: 'Check' }).click();
    await erc.getByText(/errors, \d+ warnings|No problems found/).waitFor();
    const markers = erc.locator('button.cp-marker:not([disabled])');
    if (await markers.count()) {
      await markers.first().click();
      expect(await page.evaluate(() => (window as any).__cpEditor.editor.selection.size)).toBeGreaterThan(0);
    }
    // select a wire (through the engine's hit test at one of its points), H highlights its net
    const w = await page.evaluate(() => {
      const { editor: ed, doc } = (window as any).__cpEditor;
      for (const [k, r] of doc.ofType('WIRE')) {
        const [x1, y1, x2, y2] = r[2][0];
        const x = (x1 + x2) / 2, y = (y1 + y2) / 2;
        if (Math.hypot(x2 - x1, y2 - y1) >= 20 && ed.hit(x, y) === k) return { k, x, y };
      }
      throw new Error('no wire to click');
    });
    await page.evaluate((p) => (window as any).__cpEditor.fitBox(p.x - 30, p.y - 30, p.x + 30, p.y + 30), w);
    await clickAt(page, w.x, w.y);
    await page.waitForFunction((k) => (window as any).__cpEditor.editor.selection.ids.includes(k), w.k);
    await page.keyboard.press('h');
    await page.waitForFunction((k) => (window as any).__cpEditor.editor.highlight.has(k), w.k);
    await page.keyboard.press('h');
    await page.waitForFunction(() => (window as any).__cpEditor.editor.highlight.size === 0);
    expect(errors).toEqual([]);
  }, 60_000);

  it('[issue-5] copy (Ctrl+C) a component and paste (Ctrl+V) it at the cursor through the copy-and-paste store, undo', async () => {
    const comps = () => page.evaluate(() => (window as any).__cpEditor.doc.ofType('COMPONENT').length as number);
    const pick = await page.evaluate(() => {
      const { editor: ed, doc } = (window as any).__cpEditor;
      for (const [k] of doc.ofType('COMPONENT')) {
        const it = ed.scene.item(k);
        if (!it || !ed.attributeValue(k, 'Designator')) continue;
        const x = (it.bbox.minX + it.bbox.maxX) / 2, y = (it.bbox.minY + it.bbox.maxY) / 2;
        if (ed.hit(x, y) === k) return { k, x, y, b: it.bbox };
      }
      throw new Error('no component');
    });
    await page.evaluate((p) => (window as any).__cpEditor.fitBox(p.b.minX - 20, p.b.minY - 100, p.b.maxX + 20, p.b.maxY + 20), pick);
    await clickAt(page, pick.x, pick.y);
    const c0 = await comps();
    await page.keyboard.press('Control+c');
    expect(await page.evaluate(() => localStorage.getItem('copperplate:clipboard:sch'))).toContain('COMPONENT');
    const to = await page.evaluate(([x, y]) => (window as any).__cpEditor.toPage(x, y), [pick.x, pick.b.minY - 60] as const);
    await page.mouse.move(to.x, to.y);
    await page.keyboard.press('Control+v');
    expect(await comps()).toBe(c0 + 1);
    await page.keyboard.press('Control+z');
    expect(await comps()).toBe(c0);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  }, 60_000);

  it('[issue-5] an edit from another browser reaches the open sheet as a remote change (outside its undo history)', async () => {
    const b = await newPage(browser, `${stack.url}/?e2e`);
    try {
      await logIn(b.page, user);
      await b.page.goto(`${stack.url}/?e2e#/project/${project}`);
      await openInEditor(b.page, 'sheet', names.sheets[0], 'sheets');
      expect(await b.page.evaluate(() => (window as any).__cpEditor.doc.canUndo())).toBe(false);
      // page A draws a free wire outside the frame: W, two clicks, Escape keeps it
      await page.evaluate(() => (window as any).__cpEditor.fitBox(-260, -260, -40, -140));
      await page.getByLabel('Schematic canvas').focus();
      await page.keyboard.press('w');
      await clickAt(page, -200, -200);
      await clickAt(page, -100, -200);
      await page.keyboard.press('Escape');
      const wire = await page.evaluate(() => {
        const doc = (window as any).__cpEditor.doc;
        return doc.ofType('WIRE').find(([, r]: [string, number[][][]]) => JSON.stringify(r[2]) === JSON.stringify([[-200, -200, -100, -200]]))?.[0] as string | undefined;
      });
      expect(wire).toBeTruthy();
      // page B gets it without a reload, and cannot undo it
      await b.page.waitForFunction((w) => (window as any).__cpEditor.doc.has(w), wire, { timeout: 30_000 });
      expect(await b.page.evaluate(() => (window as any).__cpEditor.doc.canUndo())).toBe(false);
      expect(b.errors).toEqual([]);
    } finally {
      await b.context.close();
    }
    expect(errors).toEqual([]);
  }, 120_000);

  it('[issue-5] a read-only member sees the sheet with the editing tools disabled', async () => {
    const v = await newPage(browser, stack.url);
    try {
      const viewer = await signUp(v.page, 'ro');
      const shared = await page.evaluate(
        async ([p, u]) => {
          const csrf = /(?:^|; )cp_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
          const r = await fetch(`/api/projects/${p}/members`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) }, body: JSON.stringify({ username: u, role: 'readonly' }) });
          return r.status;
        },
        [project, viewer] as const,
      );
      expect(shared).toBe(200);
      await v.page.goto(`${stack.url}/?e2e#/project/${project}`);
      await openInEditor(v.page, 'sheet', names.sheets[0], 'sheets');
      expect(await v.page.getByRole('button', { name: 'Wire (W)' }).isDisabled()).toBe(true);
      expect(await v.page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).isDisabled()).toBe(true);
      const before = await v.page.evaluate(() => JSON.stringify((window as any).__cpEditor.doc.toBlocks()));
      await v.page.getByLabel('Schematic canvas').focus();
      await v.page.keyboard.press('w');
      await clickAt(v.page, -200, -300);
      await clickAt(v.page, -100, -300);
      await v.page.keyboard.press('Enter');
      expect(await v.page.evaluate(() => (window as any).__cpEditor.editor.tools.active.id)).toBe('select');
      expect(await v.page.evaluate(() => JSON.stringify((window as any).__cpEditor.doc.toBlocks()))).toBe(before);
      expect(await v.page.getByText('Read-only').first().isVisible()).toBe(true);
      expect(v.errors).toEqual([]);
    } finally {
      await v.context.close();
    }
  }, 90_000);

  it('[issue-5] symbol editor: a symbol opens on the canvas, the Pin tool adds a pin, undo; generate from a pin list reaches the server', async () => {
    await page.locator('[role=treeitem][data-icon=folder] > .tree-row[title="Symbols"]').click();
    await page.locator('[role=treeitem][data-icon=symbol] > .tree-row').first().click();
    await waitForEditor(page, 'symbols');
    await page.getByTestId('symbol-editor').waitFor();
    const inked = await page.evaluate(() => {
      const c = document.querySelector('[data-testid=symbol-editor] canvas') as HTMLCanvasElement;
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) n++;
      return n;
    });
    expect(inked).toBeGreaterThan(50);
    const pins = () => page.evaluate(() => (window as any).__cpEditor.doc.ofType('PIN').length as number);
    const n0 = await pins();
    // the Pin tool: a click adds a pin on the 5-unit grid
    await page.getByRole('button', { name: 'Pin', exact: true }).click();
    const spot = await page.evaluate(() => { const v = (window as any).__cpEditor.view.viewport.visible(); return { x: Math.round((v.minX + (v.maxX - v.minX) * 0.1) / 5) * 5, y: Math.round((v.minY + (v.maxY - v.minY) * 0.1) / 5) * 5 }; });
    await clickAt(page, spot.x, spot.y);
    expect(await pins()).toBe(n0 + 1);
    const pin = await page.evaluate(() => { const all = (window as any).__cpEditor.doc.ofType('PIN'); return all[all.length - 1][1]; });
    expect(pin.slice(4, 6)).toEqual([spot.x, spot.y]);
    await page.keyboard.press('Control+z');
    expect(await pins()).toBe(n0);
    // generate from a pin list: the content is replaced in one step and saved
    await page.getByRole('button', { name: 'Generate from pin list…' }).click();
    const dlg = page.getByTestId('generate-symbol');
    await dlg.getByRole('textbox').fill('VCC, 1\nGND, 2\nPA0, 3\nPA1, 4\nPA2, 5\nNRST, 6');
    await dlg.getByRole('combobox').selectOption('sop');
    await dlg.getByRole('button', { name: 'Generate' }).click();
    await dlg.waitFor({ state: 'detached' });
    expect(await pins()).toBe(6);
    const id = await page.evaluate(() => (window as any).__cpEditor.id as string);
    await until(async () => recordsOf(await serverDataStr(page, project, 'symbols', id)).filter((r) => r[0] === 'ATTR' && r[3] === 'NAME' && ['VCC', 'GND', 'PA0', 'PA1', 'PA2', 'NRST'].includes(r[4] as string)).length === 6, 30_000, 'the generated symbol on the server');
    await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
    expect(await pins()).toBe(n0);
    expect(errors).toEqual([]);
  }, 60_000);

  it('[issue-5] a rename of the open sheet is kept by the editor\'s next save', async () => {
    await page.locator('[role=treeitem][data-icon=sheet] > .tree-row').first().click();
    await waitForEditor(page, 'sheets');
    await page.getByTestId('document-view').getByRole('button', { name: 'Rename' }).click();
    const dlg = page.getByRole('dialog', { name: 'Rename' });
    await dlg.getByLabel('Name').fill('Renamed sheet');
    await dlg.getByRole('button', { name: 'Rename' }).click();
    await dlg.waitFor({ state: 'detached' });
    await page.evaluate(() => (window as any).__cpEditor.fitBox(-260, -460, -40, -340));
    await page.getByLabel('Schematic canvas').focus();
    await page.keyboard.press('w');
    await clickAt(page, -200, -400);
    await clickAt(page, -100, -400);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    const id = await page.evaluate(() => (window as any).__cpEditor.id as string);
    const item = await until(async () => {
      const it = await page.evaluate(
        async ([p, i]) => {
          const csrf = /(?:^|; )cp_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
          const r = await fetch(`/api/projects/${p}/read/sheets`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf), 'x-project-path': p }, body: JSON.stringify({ ids: [i] }) });
          return (await r.json()).result?.[0] as { title?: string; display_title?: string; dataStr?: string } | undefined;
        },
        [project, id] as const,
      );
      return it?.dataStr?.includes('[[-200,-400,-100,-400]]') ? it : null;
    }, 30_000, 'the wire on the server');
    expect(item.display_title ?? item.title).toBe('Renamed sheet');
    expect(errors).toEqual([]);
  }, 60_000);
});
