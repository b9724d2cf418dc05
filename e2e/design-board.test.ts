/**
 * [issue-14] "Must show": a small board designed from an EMPTY project in Chromium with the mouse and
 * keyboard, using only what the app offers: a new project (its Board1 = Schematic1/P1 + PCB1, made by
 * the create call); on P1 three parts from the library panel (a 1x03 pin header, a resistor, an LED),
 * VCC and GND power ports from the Place menu, wires between pins, a net label (its name asked), a
 * no-connect flag on the header's spare pin; annotate; ERC clean. In PCB1: a board outline drawn
 * with the outline tool, "Update PCB from schematic", each part dragged onto the board, every
 * connection of the ratsnest routed with the route tool; reload: the server holds the sheet and the
 * board, and the reopened board has nothing left to route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Line, PcbAttr, PcbComponent, PcbPoly, SchAttr, SchComponent, Wire as SchWire } from '@copperplate/format/records';
import { clickAt, editorSession, openInEditor, recordsOf, serverDataStr, until, waitForEditor, waitSaved, type EditorSession } from './lib/editor.ts';

let session: EditorSession;
let page: Page;
const hook = <T,>(fn: string, arg?: unknown): Promise<T> => session.hook<T>(fn, arg);

beforeAll(async () => {
  session = await editorSession({ user: 'board', library: true, create: 'Blinky', open: ['sheet', 'P1', 'sheets'] });
  page = session.page;
}, 300_000);
afterAll(async () => {
  await session?.close();
});

interface Pin { component: string; x: number; y: number; number?: string; name?: string }

/** Places a library part: searched by its full name, double-clicked in the results, clicked onto (x, y). */
async function placeFromLibrary(name: string, x: number, y: number, turns = 0): Promise<string> {
  const panel = page.getByTestId('library-panel');
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Library', exact: true }).click();
  await panel.getByLabel('Search the component library').fill(name);
  const option = panel.getByRole('listbox', { name: 'Library results' }).getByRole('option', { name: new RegExp(`^${name.replace(/[.]/g, '\\.')}`) }).first();
  await option.waitFor({ timeout: 30_000 });
  const before = await hook<number>("(h) => h.doc.ofType('COMPONENT').length");
  await option.dblclick();
  await until(() => hook<boolean>("(h) => h.editor.tools.active?.id === 'place' && h.editor.tools.active.state === 'placing'"), 30_000, `place tool armed with ${name}`);
  const p = await hook<{ x: number; y: number }>('(h, a) => h.toPage(a[0], a[1])', [x, y]);
  await page.mouse.move(p.x, p.y);
  for (let i = 0; i < turns; i++) await page.keyboard.press('r');
  await clickAt(page, x, y);
  await until(async () => (await hook<number>("(h) => h.doc.ofType('COMPONENT').length")) === before + 1, 20_000, `${name} placed`);
  await page.keyboard.press('Escape');
  return hook<string>("(h) => { const all = h.doc.ofType('COMPONENT'); return all[all.length - 1][0]; }");
}

/** Places a power port from the Place menu at (x, y); returns its pin (the flag's connection point). */
async function placeFlag(name: string, x: number, y: number): Promise<Pin> {
  await page.getByLabel('Place component (P)').selectOption(`flag:${name}`);
  await until(() => hook<boolean>("(h) => h.editor.tools.active?.id === 'place' && h.editor.tools.active.state === 'placing'"), 10_000, 'place tool');
  await clickAt(page, x, y);
  await page.keyboard.press('Escape');
  const key = await hook<string>("(h) => { const all = h.doc.ofType('COMPONENT'); return all[all.length - 1][0]; }");
  return (await pinsOf(key))[0];
}
const pinsOf = async (key: string): Promise<Pin[]> => (await hook<Pin[]>('(h) => h.pins()')).filter((p) => p.component === key);
const pin = async (key: string, num: string): Promise<[number, number]> => {
  const p = (await pinsOf(key)).find((q) => q.number === num);
  if (!p) throw new Error(`no pin ${num} on ${key}`);
  return [p.x, p.y];
};

/** W, a click on each point (the last on a pin finishes the wire), Escape. */
async function wire(pts: Array<[number, number]>): Promise<void> {
  await page.getByLabel('Schematic canvas').focus();
  await page.keyboard.press('w');
  for (const [x, y] of pts) await clickAt(page, x, y);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
}

const canvasOf = (kind: string) => page.getByLabel(kind === 'pcbs' ? 'PCB canvas' : 'Schematic canvas');

describe('design a board from an empty project (e2e)', () => {
  it('[issue-14] schematic with ports, three library parts, wires, a label, a no-connect; ERC clean; PCB updated, outlined, placed, routed; reload: the server has it all', async () => {
    const { project, errors } = session;
    // ---- the schematic: Board1 / Schematic1 / P1 of the new project, empty
    const sheet = await hook<string>('(h) => h.id');
    expect(await hook<number>("(h) => h.doc.ofType('COMPONENT').length + h.doc.ofType('WIRE').length")).toBe(0);
    await hook('(h) => h.fitBox(-200, -200, 400, 300)');
    const j1 = await placeFromLibrary('PinHeader_1x03_P2.54mm_Vertical', 0, 100);
    const r1 = await placeFromLibrary('R_0805_2012Metric', 300, 200);
    const d1 = await placeFromLibrary('LED_0805_2012Metric', 300, 0);
    await page.getByTestId('library-panel').getByRole('button', { name: 'Close' }).click().catch(() => page.keyboard.press('Escape'));
    const vcc = await placeFlag('VCC', -100, 200);
    const gnd = await placeFlag('GND', -60, -100);
    const [j1p1, j1p2, j1p3] = [await pin(j1, '1'), await pin(j1, '2'), await pin(j1, '3')];
    const [r1p1, r1p2] = [await pin(r1, '1'), await pin(r1, '2')];
    const [k, a] = [await pin(d1, '1'), await pin(d1, '2')];
    // VCC: the port to the header's pin 1 and to R1; R1 to the LED's anode (net LED_A); its cathode and the header's pin 2 to GND
    await wire([j1p1, [vcc.x, j1p1[1]], [vcc.x, vcc.y]]);
    await wire([[vcc.x, vcc.y], r1p1]);
    await wire([r1p2, [r1p2[0], a[1] + 60], [a[0], a[1] + 60], a]);
    await wire([j1p2, [gnd.x, j1p2[1]], [gnd.x, gnd.y]]);
    await wire([k, [k[0], gnd.y], [gnd.x, gnd.y]]);
    expect(await hook<number>("(h) => h.doc.ofType('WIRE').length")).toBe(5);
    // the label, its name asked, on the R1-LED wire
    await page.keyboard.press('n');
    await clickAt(page, a[0], a[1] + 60);
    const ask = page.getByRole('dialog', { name: 'Net name' });
    await ask.getByLabel('Name').fill('LED_A');
    await ask.getByRole('button', { name: 'Place' }).click();
    await ask.waitFor({ state: 'detached' });
    // no-connect on the header's spare pin
    await canvasOf('sheets').focus();
    await page.keyboard.press('Escape');
    await page.keyboard.press('q');
    await clickAt(page, ...j1p3);
    await page.keyboard.press('Escape');
    // annotate (R?, D?, J?), ERC: nothing to report
    await page.getByRole('button', { name: 'Annotate' }).click();
    const dlg = page.getByRole('dialog', { name: 'Annotate designators' });
    await dlg.getByRole('button', { name: 'Annotate' }).click();
    await dlg.waitFor({ state: 'detached' });
    const des = await hook<string[]>('(h, ks) => ks.map((k) => h.editor.attributeValue(k, "Designator"))', [j1, r1, d1]);
    expect(des).toEqual(['J1', 'R1', 'D1']);
    const erc = page.getByRole('region', { name: 'ERC' });
    await erc.getByRole('button', { name: 'Check' }).click();
    await erc.getByText('No problems found').waitFor({ timeout: 30_000 }).catch(async (e) => {
      throw new Error(`${e.message}: ${await hook<string>('(h) => JSON.stringify(h.editor.erc().map((m) => [m.rule, m.message, m.sheet]))')}`);
    });
    await waitSaved(page);

    // ---- the board: PCB1, an outline, Update from schematic, parts dragged onto it, routed
    await openInEditor(page, 'pcb', 'PCB1', 'pcbs');
    const pcb = await hook<string>('(h) => h.id');
    expect(await hook<number>("(h) => h.doc.ofType('COMPONENT').length")).toBe(0);
    await hook('(h) => h.fitBox(-200, -1000, 1400, 200)');
    await page.getByRole('button', { name: 'Board outline (O)', exact: true }).click();
    await page.getByRole('group', { name: 'Outline shape' }).getByRole('button', { name: 'Rectangle' }).click();
    await clickAt(page, 0, 0);
    await clickAt(page, 1000, -800);
    await page.keyboard.press('Escape');
    expect(await hook<number>('(h) => h.doc.ofType("POLY").filter(([, r]) => r[4] === 11).length')).toBe(1);
    await page.getByRole('button', { name: 'Update from schematic' }).click();
    const upd = page.getByTestId('update-from-schematic');
    await upd.getByRole('button', { name: /^Apply \d+ changes$/ }).click();
    await upd.waitFor({ state: 'detached' });
    interface Rat { net: string; x1: number; y1: number; x2: number; y2: number }
    const rats = () => hook<Rat[]>('(h) => h.editor.ratsnest().lines');
    const comps = () => hook<Array<{ key: string; x: number; y: number }>>('(h) => h.doc.ofType("COMPONENT").map(([k, r]) => ({ key: k, x: r[4], y: r[5] }))');
    const landed = await comps();
    expect(landed).toHaveLength(3); // the power ports have no footprint
    // every part beside the outline, none on it
    for (const c of landed) expect(c.x > 1000 || c.y < -800).toBe(true);
    // the pads each net joins, from the ratsnest: J1 pin 1 and R1 (VCC), J1 pin 2 and D1 (GND), R1 and D1 (LED_A)
    const before = await rats();
    expect(before.map((r) => r.net).sort()).toEqual(['GND', 'LED_A', 'VCC']);
    const byNet = Object.fromEntries(before.map((r) => [r.net, r]));
    // which part owns a pad: the one whose box holds it
    const boxes = await hook<Array<{ key: string; minX: number; minY: number; maxX: number; maxY: number }>>('(h) => h.doc.ofType("COMPONENT").map(([k]) => ({ key: k, ...h.editor.boxOf(k) }))');
    const owner = (x: number, y: number) => boxes.find((b) => x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY)!.key;
    // J1 is the part both VCC and GND reach; its VCC pad goes to (200, -300), R1's VCC pad 300 mil right of it,
    // D1's GND pad 300 mil right of J1's GND pad: every connection then runs straight
    const ends = (r: Rat) => [[r.x1, r.y1], [r.x2, r.y2]] as Array<[number, number]>;
    const header = ends(byNet.VCC).map(([x, y]) => owner(x, y)).find((k) => ends(byNet.GND).some(([x, y]) => owner(x, y) === k))!;
    const [jV, rV] = ends(byNet.VCC).sort((p, q) => (owner(p[0], p[1]) === header ? -1 : 0) - (owner(q[0], q[1]) === header ? -1 : 0));
    const [jG, dG] = ends(byNet.GND).sort((p, q) => (owner(p[0], p[1]) === header ? -1 : 0) - (owner(q[0], q[1]) === header ? -1 : 0));
    const moves: Array<{ key: string; from: [number, number]; to: [number, number] }> = [
      { key: header, from: jV, to: [200, -300] },
      { key: owner(...rV), from: rV, to: [500, -300] },
      { key: owner(...dG), from: dG, to: [500, -300 + (jG[1] - jV[1])] },
    ];
    await hook('(h) => h.fitBox(-100, -1000, 2300, 200)');
    await canvasOf('pcbs').focus();
    await page.keyboard.press('Escape');
    for (const m of moves) {
      const b = boxes.find((q) => q.key === m.key)!;
      const c: [number, number] = [(b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2];
      const from = await hook<{ x: number; y: number }>('(h, p) => h.toPage(p[0], p[1])', c);
      const to = await hook<{ x: number; y: number }>('(h, p) => h.toPage(p[0], p[1])', [c[0] + m.to[0] - m.from[0], c[1] + m.to[1] - m.from[1]]);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
      await page.mouse.move(to.x, to.y, { steps: 4 });
      await page.mouse.up();
      await until(() => hook<boolean>('(h, k) => { const b = h.editor.boxOf(k); return b.maxX < 1000 && b.minY > -800; }', m.key), 10_000, `${m.key} on the board`);
    }
    // every part inside the outline
    for (const b of await hook<Array<{ minX: number; minY: number; maxX: number; maxY: number }>>('(h) => h.doc.ofType("COMPONENT").map(([k]) => h.editor.boxOf(k))')) {
      expect(b.minX > 0 && b.maxX < 1000 && b.minY > -800 && b.maxY < 0).toBe(true);
    }

    // route every connection: W, a click on each pad
    await hook('(h) => h.fitBox(100, -600, 700, -100)');
    for (const net of ['VCC', 'GND', 'LED_A']) {
      await canvasOf('pcbs').focus();
      await page.keyboard.press('w');
      await page.locator('button[aria-label="Route track (W)"][aria-pressed=true]').waitFor({ timeout: 10_000 });
      const r = (await rats()).find((q) => q.net === net);
      expect(r, `${net} still unrouted`).toBeTruthy();
      await clickAt(page, r!.x1, r!.y1);
      await clickAt(page, r!.x2, r!.y2); // on the pad: the track ends there
      await until(async () => !(await rats()).some((q) => q.net === net), 10_000, `${net} routed`).catch(async (e) => {
        await page.screenshot({ path: '.tmp/route.png' });
        throw new Error(`${e.message}: ${JSON.stringify({ r, rats: await rats(), lines: await hook('(h) => h.doc.ofType("LINE").map(([, l]) => l)'), comps: await comps() })}`);
      });
    }
    await page.keyboard.press('Escape');
    expect(await rats()).toEqual([]);
    const tracks = await hook<number>('(h) => h.doc.ofType("LINE").length');
    expect(tracks).toBeGreaterThanOrEqual(3);

    // ---- reload: the server holds the sheet and the board; the reopened board has nothing to route
    await waitSaved(page);
    const sheetRecs = recordsOf(await serverDataStr(page, project, 'sheets', sheet));
    const sAttr = (key: string) => sheetRecs.filter((r) => SchAttr.is(r) && SchAttr.get(r, 'key') === key).map((r) => SchAttr.get(r, 'value'));
    expect(sheetRecs.filter((r) => SchComponent.is(r))).toHaveLength(5);
    expect(sheetRecs.filter((r) => SchWire.is(r))).toHaveLength(5);
    expect(sAttr('NO_CONNECT')).toHaveLength(1);
    expect(sAttr('NET')).toContain('LED_A');
    expect(sAttr('Designator')).toEqual(expect.arrayContaining(['D1', 'J1', 'R1']));
    // the status can read Saved before the last route's edit is queued (the editor saves 300 ms after an
    // edit): wait for the server to hold every track before reloading
    await until(async () => recordsOf(await serverDataStr(page, project, 'pcbs', pcb)).filter((r) => Line.is(r)).length === tracks, 60_000, 'the tracks on the server');
    await page.reload();
    await waitForEditor(page, 'pcbs');
    const pcbRecs = recordsOf(await serverDataStr(page, project, 'pcbs', pcb));
    expect(pcbRecs.filter((r) => PcbComponent.is(r))).toHaveLength(3);
    expect(pcbRecs.filter((r) => PcbPoly.is(r) && PcbPoly.get(r, 'layer') === 11)).toHaveLength(1);
    expect(pcbRecs.filter((r) => PcbAttr.is(r) && PcbAttr.get(r, 'key') === 'Designator').map((r) => PcbAttr.get(r, 'value')).sort()).toEqual(['D1', 'J1', 'R1']);
    expect(pcbRecs.filter((r) => Line.is(r))).toHaveLength(tracks);
    expect(await hook<number>('(h) => h.doc.ofType("LINE").length')).toBe(tracks);
    expect(await rats()).toEqual([]);
    expect(errors).toEqual([]);
  }, 300_000);
});
