/**
 * The Simulation panel's project side (issue 18) in Chromium: the Analysis dialog (kind and parameters,
 * remembered per project across a reload) and a SPICE model file added with Models…: stored as a
 * project blob, uploaded (the server's `POST /api/projects/:uuid/simulate` writes it into its netlist),
 * used by the browser engine while the network is off, and listed again after a reload.
 * The sheet: V1 5 V, R1 1k, D1 with SPICE Model MYDIODE, and the text `.include mydiode.lib` / `.op`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { importFile, launchBrowser, newPage, projectUuidOf, signUp, startStack, type Stack } from './lib/harness.ts';
import { until, waitForEditor, waitSaved } from './lib/editor.ts';
import { chooseAnalysis } from './lib/sim.ts';
import { drawSheet, projectEpro } from '../apps/cli/test/spice-circuits.ts';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

const DIODE = {
  name: 'Dio',
  parts: [
    { sym: 'source' as const, designator: 'V1', value: '5', nets: { 1: 'IN', 2: 'GND' } },
    { sym: 'two' as const, designator: 'R1', value: '1k', nets: { 1: 'IN', 2: 'A' } },
    { sym: 'diode' as const, designator: 'D1', attrs: { 'SPICE Model': 'MYDIODE' }, nets: { 2: 'A', 1: 'GND' } },
  ],
  directives: ['.include mydiode.lib', '.op'],
};
const LIB = '* a test diode\n.model MYDIODE D(IS=1e-9 N=2)\n';

interface SimHook { engine: string; netlist: string; nodeOf: Record<string, string>; plots: Array<{ plotname: string; vectors: Array<{ name: string; re: number[] }> }> }
const simHook = () => page.evaluate(() => (window as unknown as { __cpSim?: SimHook | null }).__cpSim ?? null);

async function openSheet(): Promise<void> {
  await page.locator('[role=treeitem][data-icon=sheet] > .tree-row').first().click();
  await waitForEditor(page, 'sheets');
  await page.getByTestId('sim-open').click();
}

async function run(engine: 'browser' | 'server'): Promise<SimHook> {
  await page.evaluate(() => { (window as any).__cpSim = null; });
  await page.getByLabel('Engine').selectOption(engine);
  await page.getByTestId('sim-run').click();
  return until(simHook, 240_000, `a ${engine} run`);
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  ({ context, page, errors } = await newPage(browser, `${stack.url}/?e2e`));
  await signUp(page, 'spiceproj');
  await importFile(page, { name: 'Dio.epro', mimeType: 'application/octet-stream', buffer: Buffer.from(projectEpro([{ uuid: 's', name: 'Dio', sheets: [{ id: 1, name: 'P1', doc: drawSheet(DIODE) }] }])) });
  await page.getByTestId('import-report').getByRole('button', { name: 'Open' }).click();
  await page.getByRole('tree').waitFor();
  await openSheet();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('Simulation panel: analysis dialog and model files', () => {
  it('[issue-18] the Analysis dialog is remembered per project; a model file is a synced blob the server and the offline browser engine use', async () => {
    const summary = page.getByTestId('sim-analysis-summary');
    expect(await summary.textContent()).toBe('Transient 10u 10m');
    // the sheet's own directives; without the model file the .include is named
    await chooseAnalysis(page, 'sheet');
    expect(await summary.textContent()).toBe('Directives on the sheet');
    await page.getByTestId('sim-run').click();
    await until(async () => (await page.getByTestId('sim-errors').textContent())?.includes('.include mydiode.lib'), 20_000, 'the missing include named');
    // Models…: the file becomes a project blob, uploaded
    await page.getByTestId('sim-models').locator('input[type=file]').setInputFiles({ name: 'mydiode.lib', mimeType: 'text/plain', buffer: Buffer.from(LIB) });
    await page.getByTestId('sim-model-list').getByText('mydiode.lib').waitFor({ timeout: 20_000 });
    await waitSaved(page);
    const uuid = projectUuidOf(page);
    const server = await page.evaluate(async (p) => {
      const csrf = /(?:^|; )cp_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const r = await fetch(`/api/projects/${p}/simulate`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf), 'x-project-path': p }, body: JSON.stringify({ netlistOnly: true }) });
      return (await r.json()) as { code: number; message?: string; result?: { netlist: string } };
    }, uuid);
    expect(server.code, server.message).toBe(0);
    expect(server.result!.netlist).toContain('.model MYDIODE D(IS=1e-9 N=2)');
    // the browser engine, then again with the network off: the model file comes from the local database
    const online = await run('browser');
    expect(online.netlist).toBe(server.result!.netlist);
    await context.setOffline(true);
    try {
      const offline = await run('browser');
      expect(offline.netlist).toBe(online.netlist);
      const va = offline.plots.at(-1)!.vectors.find((v) => v.name === `v(${offline.nodeOf.A})`)!.re[0];
      const i = (5 - va) / 1e3;
      expect(Math.abs(1e-9 * (Math.exp(va / (2 * 0.025865)) - 1) - i) / i).toBeLessThan(0.02); // the diode of the file, not a default one
    } finally {
      await context.setOffline(false);
    }
    // an AC analysis of our own, then a reload: the choice and the model file are still there
    await chooseAnalysis(page, 'ac', { Sweep: 'oct', Points: '7', 'Start frequency': '10', 'Stop frequency': '100k' });
    expect(await summary.textContent()).toBe('AC oct 7 10 100k');
    await page.reload();
    await page.getByRole('tree').waitFor();
    await openSheet();
    expect(await summary.textContent()).toBe('AC oct 7 10 100k');
    await page.getByTestId('sim-model-list').getByText('mydiode.lib').waitFor({ timeout: 20_000 });
    await page.getByTestId('sim-analysis').click();
    expect(await page.getByTestId('sim-analysis-dialog').getByLabel('Points', { exact: true }).inputValue()).toBe('7');
    await page.getByTestId('sim-analysis-dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
  }, 600_000);
});
