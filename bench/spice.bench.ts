/**
 * SPICE (issue 18):
 * - netlist generation for a 5,000-component schematic (an RC ladder of 2,500 stages on one sheet:
 *   parts, wires, net labels written in one commit; not timed): the connectivity of
 *   @copperplate/schematic (`schematicCircuit`) plus `writeNetlist`, and the whole path of the server
 *   and the CLI from the .epro bytes (`netlistOfSheet`: read, parse, `projectCircuit`, `writeNetlist`);
 *   median wall and CPU time (user + system) and the fastest wall time of 9 after a warm-up, with the
 *   load average around them;
 * - a 10 ms transient of the RC low-pass (1k, 1u, 1 us step: 10,000+ points) on the server's engine
 *   (ngspice -b in a child process: `runNgspice`, median of 5) and in the browser's engine
 *   (eecircuit-engine in a Web Worker in Chromium, through the Simulation panel: median of 5 runs
 *   after the first, which loads the engine; the load is reported apart). The same engine module run
 *   in Node is reported beside it.
 * Needs Debian's ngspice (scripts/ensure.mjs --ngspice) for the server figure and Chromium for the
 * browser one; each missing one is said and skipped.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { schematicCircuit } from '@copperplate/schematic';
import { writeNetlist } from '@copperplate/spice';
import { runNgspice } from '@copperplate/server/spice/ngspice';
import { RC, circuitEpro, drawSheetFast, ladder, projectEpro, schContext } from '../apps/cli/test/spice-circuits.ts';
import { netlistOfSheet } from '../apps/cli/src/commands/simulate.ts';
import { loadavg } from 'node:os';
import { medianMs, medianWallCpuMs, report, type Figure } from './lib/report.ts';

const root = join(import.meta.dirname, '..');
spawnSync(process.execPath, [join(root, 'scripts/ensure.mjs'), '--ngspice'], { stdio: 'inherit', cwd: root });
const figures: Figure[] = [];

// ---- netlist of 5,000 components ----
const ctx = schContext();
const spec = ladder(5000);
const doc = drawSheetFast(spec);
const sheets = [{ name: 'P1', doc }];
let lines = 0;
const once = () => {
  const { circuit } = schematicCircuit(sheets, ctx);
  const r = writeNetlist(circuit);
  if (r.errors.length) throw new Error(r.errors[0].message);
  lines = r.text.split('\n').length;
};
once();
figures.push({ name: 'load average (1 min) before the netlist runs', value: loadavg()[0], unit: '' });
const net5k = await medianWallCpuMs(9, once);
figures.push({ name: `netlist of ${spec.parts.length} components (${lines} lines), wall`, value: net5k.wall, unit: 'ms', goal: '< 2000 ms' });
figures.push({ name: `netlist of ${spec.parts.length} components, CPU`, value: net5k.cpu, unit: 'ms', goal: '< 2000 ms' });
figures.push({ name: `netlist of ${spec.parts.length} components, fastest wall of 9`, value: net5k.fastest, unit: 'ms', goal: '< 2000 ms' });
// the whole path of the server and the CLI: .epro bytes read, documents parsed, projectCircuit, writeNetlist
const bigEpro = projectEpro([{ uuid: 'big', name: 'Ladder', sheets: [{ id: 1, name: 'P1', doc }] }]);
const fromEpro = await medianWallCpuMs(9, () => { const r = netlistOfSheet(bigEpro, 'ladder.epro', 'P1'); if (r.errors.length) throw new Error(r.errors[0].message); });
figures.push({ name: `netlist of ${spec.parts.length} components from the .epro (read, parse, projectCircuit, writeNetlist), wall`, value: fromEpro.wall, unit: 'ms', goal: '< 2000 ms' });
figures.push({ name: `netlist of ${spec.parts.length} components from the .epro, CPU`, value: fromEpro.cpu, unit: 'ms', goal: '< 2000 ms' });
figures.push({ name: `netlist of ${spec.parts.length} components from the .epro, fastest wall of 9`, value: fromEpro.fastest, unit: 'ms', goal: '< 2000 ms' });
figures.push({ name: 'load average (1 min) after the netlist runs', value: loadavg()[0], unit: '' });

// ---- 10 ms transient of the RC ----
const rc10 = { ...RC, directives: ['.tran 1u 10m 0 1u'] };
const net = netlistOfSheet(circuitEpro(rc10), 'RC.epro', 'P1');
let points = 0;
if (existsSync('/usr/bin/ngspice')) {
  const serverMs = await medianMs(5, async () => { points = (await runNgspice(net.text, net)).plots[0].points; });
  figures.push({ name: `RC 10 ms transient, server ngspice (${points} points)`, value: serverMs, unit: 'ms', goal: '< 1000 ms' });
} else console.log('spice: server figure skipped (ngspice is not installed)');

if (existsSync('/usr/bin/chromium')) {
  const { importFile, launchBrowser, newPage, signUp, startStack } = await import('../e2e/lib/harness.ts');
  const { chooseAnalysis } = await import('../e2e/lib/sim.ts');
  const stack = await startStack();
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser, `${stack.url}/?e2e`);
    await signUp(page, 'spicebench');
    await importFile(page, { name: 'RC.epro', mimeType: 'application/octet-stream', buffer: Buffer.from(circuitEpro(rc10)) });
    await page.getByTestId('import-report').getByRole('button', { name: 'Open' }).click();
    await page.locator('[role=treeitem][data-icon=sheet] > .tree-row').first().click();
    await page.waitForFunction(() => (window as any).__cpEditor?.kind === 'sheets', null, { timeout: 60_000 });
    await page.getByTestId('sim-open').click();
    await chooseAnalysis(page, 'tran', { Step: '1u', 'Stop time': '10m' });
    await page.getByLabel('Engine').selectOption('browser');
    const runs: Array<{ ms: number; loadMs: number }> = [];
    for (let i = 0; i < 6; i++) {
      await page.evaluate(() => { (window as any).__cpSim = null; });
      await page.getByTestId('sim-run').click();
      await page.waitForFunction(() => (window as any).__cpSim?.engine === 'browser', null, { timeout: 180_000 });
      runs.push(await page.evaluate(() => ({ ms: (window as any).__cpSim.ms, loadMs: (window as any).__cpSim.loadMs })));
    }
    const warm = runs.slice(1).map((r) => r.ms).sort((a, b) => a - b);
    figures.push({ name: 'RC 10 ms transient, browser (Chromium, Web Worker, engine loaded)', value: warm[Math.floor(warm.length / 2)], unit: 'ms', goal: '< 2000 ms' });
    figures.push({ name: 'browser first run (engine load included)', value: runs[0].ms, unit: 'ms' });
    figures.push({ name: 'browser engine load (in the worker)', value: runs[0].loadMs, unit: 'ms' });
  } finally {
    await browser.close();
    await stack.close();
  }
} else console.log('spice: browser figure skipped (no /usr/bin/chromium)');

// after the browser: the engine module leaves browser-like globals behind that PGlite (the server above) trips on
{
  const { Simulation } = await import('eecircuit-engine');
  const sim = new Simulation();
  const t0 = performance.now();
  await sim.start();
  const load = performance.now() - t0;
  const ms = await medianMs(5, async () => { sim.setNetList(net.text); await sim.runSim(); });
  figures.push({ name: 'RC 10 ms transient, browser engine module in Node', value: ms, unit: 'ms' });
  figures.push({ name: 'browser engine load in Node', value: load, unit: 'ms' });
}

report('spice', figures);
process.exit(0);
