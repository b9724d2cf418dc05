/**
 * pcb-open: the web app opening a PCB of 100,000 pads and 50,000 tracks (bench/lib/pcb-boards.ts's
 * generated board put in place of the STM32G431-mini fixture's PCB, its pour fills left out) in
 * Chromium against a real server on loopback, WebGL2 on SwiftShader where there is no GPU.
 *   click -> first frame = from the click on the PCB in the project's tree (its pointerdown) until
 *                          the start of the animation frame after the one in which the PCB view drew
 *                          its first frame (that frame handed to the compositor), both timed in the
 *                          page (until this session the bench waited, from this process, for the view
 *                          to be mounted and then for two animation frames: the round trips and the
 *                          idle work the page began meanwhile, the ratsnest, were counted)
 *   click -> board shown = until the animation frame after the one in which the page drew the board's
 *                          picture (apps/web board-picture.ts: the text parsed, the picture drawn over
 *                          the canvas's place before the document, scene and view are made; the mark
 *                          cp:picture-shown), or the editor's first frame if sooner; the same opens
 *                          with the picture off (localStorage cp.picture = off) are the baseline
 *   click -> ratsnest    = until the status line shows the unrouted count (the ratsnest is made
 *                          after the first frame, when the page is idle), seen from this process
 *   CPU                  = utime + stime of the renderer and GPU processes (/proc), sampled every 20 ms
 *                          and read at the page's click and first-frame times (the server runs in this
 *                          process: not counted)
 * PCB_OPEN_RUNS (3) opens with the picture, then as many without, each in a fresh page of the same browser context (the project in the browser's cache,
 * put there by the page that imported it, closed before), alone: the previous page is closed first;
 * the tabs kept in localStorage are cleared, so the page opens the project's first sheet and the click
 * (once that sheet's editor is shown) opens the PCB.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { readEpro, writeEpro } from '@copperplate/format';
import { report } from './lib/report.ts';
import { browserProcesses } from './lib/browser-procs.ts';
import { generatedBoard } from './lib/pcb-boards.ts';
import { launchBrowser, startStack } from '../e2e/lib/harness.ts';
import { importedProject } from './lib/app-project.ts';
import { fixtureFiles, fixtureNames } from '../e2e/lib/fixtures.ts';

const RUNS = Number(process.env.PCB_OPEN_RUNS ?? 3);
interface CpuProfile { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>; samples: number[]; timeDeltas: number[] }
/** PCB_OPEN_PROFILE=1: the last open's main thread by function (self and total ms, CDP's sampling profiler). */
function printProfile(p: CpuProfile): void {
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number) => { const f = byId.get(id)!.callFrame; return `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`; };
  const selfBy = new Map<string, number>(), totalBy = new Map<string, number>();
  for (const [id, ms] of self) {
    const k = name(id);
    selfBy.set(k, (selfBy.get(k) ?? 0) + ms);
    const seen = new Set<string>();
    for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) { const n = name(x); if (!seen.has(n)) { seen.add(n); totalBy.set(n, (totalBy.get(n) ?? 0) + ms); } }
  }
  const top = (m: Map<string, number>) => [...m].sort((x, y) => y[1] - x[1]).slice(0, 30).map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`).join('\n');
  console.error(`[pcb-open] profile, self:\n${top(selfBy)}\ntotal:\n${top(totalBy)}`);
}
/** CPU (ms) of the renderer and GPU processes at time t (epoch ms), between two samples [time, renderer, gpu], linearly. */
function cpuAt(samples: Array<[number, number, number]>, t: number): { renderer: number; gpu: number } {
  const j = samples.findIndex(([u]) => u >= t);
  const at = (k: 1 | 2) => {
    if (j <= 0) return samples[j < 0 ? samples.length - 1 : 0][k];
    const a = samples[j - 1], b = samples[j];
    return a[k] + ((b[k] - a[k]) * (t - a[0])) / (b[0] - a[0]);
  };
  return { renderer: at(1), gpu: at(2) };
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

const file = fixtureFiles().find((f) => f.includes('STM32')) ?? fixtureFiles()[0];
const names = fixtureNames(file);
const a = readEpro(new Uint8Array(readFileSync(file)), { name: file });
const pcbUuid = Object.keys((a.projectJson.pcbs ?? {}) as Record<string, unknown>)[0];
a.entries.set(`PCB/${pcbUuid}.epcb`, generatedBoard(400, 250, 2, '100k').text);
for (const k of [...a.entries.keys()]) if (k.startsWith('POUR/')) a.entries.delete(k);
const buffer = Buffer.from(writeEpro(a));

const stack = await startStack();
let browser: Browser | undefined;
try {
  browser = await launchBrowser();
  // the project is in the browser's cache now; each open below is in a fresh page, alone (no other
  // page of the project running its sync beside it), without the tabs a page keeps in localStorage
  // (else the PCB's tab, restored on load, opens the PCB before the click)
  const { context, url } = await importedProject(browser, stack.url, 'pcbopen', { name: 'pcb-100k.epro', buffer });
  const first: number[] = [], cpu: number[] = [], rats: number[] = [], shown: number[] = [], base: number[] = [];
  // RUNS opens behind the board's picture (apps/web board-picture.ts), then RUNS without it (the baseline: cp.picture=off)
  for (let i = 0; i < 2 * RUNS; i++) {
    const baseline = i >= RUNS;
    const p = await context.newPage();
    await p.addInitScript((off) => { if (off) localStorage.setItem('cp.picture', 'off'); else localStorage.removeItem('cp.picture'); }, baseline);
    await p.goto(url);
    await p.getByRole('tree').waitFor();
    // the project's first sheet opens with the page: the click comes once its editor is shown
    await p.waitForFunction(() => (window as any).__cpEditor?.kind === 'sheets' && (window as any).__cpEditor.view, null, { timeout: 300_000 });
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const row = p.locator(`[role=treeitem][data-icon=pcb] > .tree-row[title="${names.pcbs[0]}"]`).first();
    await row.waitFor();
    const cdp = process.env.PCB_OPEN_PROFILE && i === RUNS - 1 ? await p.context().newCDPSession(p) : null;
    if (cdp) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 500 }); await cdp.send('Profiler.start'); }
    // in the page: when the click came (its pointerdown) and when the first frame was shown (the start
    // of the animation frame after the one in which the PCB view drew its first frame: that frame was
    // handed to the compositor), timed in the page: no round trip to this process (tens of ms under
    // load, and work the page does meanwhile) is counted
    // (a script as text: tsx names the functions of a function passed here with a helper the page lacks)
    await p.evaluate(`{
      const now = () => performance.timeOrigin + performance.now();
      window.__open = { click: 0, first: 0 };
      document.addEventListener('pointerdown', () => { window.__open.click ||= now(); }, { capture: true });
      const poll = () => {
        if (window.__cpEditor?.kind === 'pcbs' && window.__cpEditor.view?.frames > 0) requestAnimationFrame(() => { window.__open.first = now(); });
        else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    }`);
    // the renderer's and GPU process's CPU sampled every 20 ms, read at the page's two times
    const samples: Array<[number, number, number]> = [];
    const sample = () => {
      const a = performance.timeOrigin + performance.now();
      let r = 0, g = 0;
      for (const q of browserProcesses()) if (q.kind === 'renderer') r += q.cpuMs; else if (q.kind === 'gpu') g += q.cpuMs;
      samples.push([(a + performance.timeOrigin + performance.now()) / 2, r, g]);
    };
    sample();
    const sampler = setInterval(sample, 20);
    const t0 = performance.now();
    await row.click();
    await p.waitForFunction(() => (window as any).__open.first > 0, null, { timeout: 300_000, polling: 50 });
    const seen = performance.now() - t0;
    sample();
    clearInterval(sampler);
    const at = await p.evaluate(() => (window as any).__open as { click: number; first: number });
    // the page's own marks of the open path (apps/web: cp:doc-open ... cp:first-gl), ms after the click
    const marks = await p.evaluate((click) => performance.getEntriesByType('mark')
      .filter((m) => m.name.startsWith('cp:') && performance.timeOrigin + m.startTime >= click)
      .map((m) => `${m.name.slice(3)} ${(performance.timeOrigin + m.startTime - click).toFixed(0)}`), at.click);
    const took = await p.evaluate(() => (window as any).__cpEditor?.view?.gl?.tookPicture === true);
    const picture = await p.evaluate(() => performance.getEntriesByName('cp:picture-shown').map((m) => performance.timeOrigin + m.startTime)[0] ?? 0);
    if (baseline) base.push(at.first - at.click);
    else { first.push(at.first - at.click); shown.push(picture ? Math.min(picture, at.first) - at.click : at.first - at.click); }
    if (!baseline && !picture) console.error(`[pcb-open] run ${i + 1}: no picture was shown`);
    const c0 = cpuAt(samples, at.click), c1 = cpuAt(samples, at.first);
    const cpuMs = c1.renderer + c1.gpu - c0.renderer - c0.gpu;
    if (!baseline) cpu.push(cpuMs);
    const split = `renderer ${(c1.renderer - c0.renderer).toFixed(0)} + GPU process ${(c1.gpu - c0.gpu).toFixed(0)}`;
    await p.waitForFunction(() => /^\d+ unrouted$/.test(document.querySelector('[data-testid=unrouted]')?.textContent ?? ''), null, { timeout: 300_000 });
    if (!baseline) rats.push(performance.now() - t0);
    if (cdp) printProfile(((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile);
    console.error(`[pcb-open] run ${i + 1} marks (ms after the click): ${marks.join(', ')}`);
    console.error(`[pcb-open] run ${i + 1}${baseline ? ' (baseline, no picture)' : ''}: picture shown ${picture ? (picture - at.click).toFixed(0) : '-'} ms, editor's first frame ${(at.first - at.click).toFixed(0)} ms${took ? ' (the picture\'s pixels)' : ''} (CPU ${cpuMs.toFixed(0)} ms: ${split}; seen by the bench after ${seen.toFixed(0)} ms), ratsnest shown ${(performance.now() - t0).toFixed(0)} ms, load ${loadavg()[0].toFixed(1)}`);
    await p.close();
  }
  report('pcb-open', [
    { name: 'pcb-open 100k pads: click -> board shown (its picture, before the editor\'s own first frame; median)', value: median(shown), unit: 'ms', goal: '< 1000' },
    { name: 'pcb-open 100k pads: click -> PCB editor first frame, behind the picture (median)', value: median(first), unit: 'ms' },
    { name: 'pcb-open 100k pads: click -> PCB editor first frame, no picture (baseline, median)', value: median(base), unit: 'ms' },
    { name: 'pcb-open 100k pads: board shown / baseline first frame', value: median(shown) / median(base), unit: 'x' },
    { name: 'pcb-open 100k pads: click -> first frame, CPU of the renderer and GPU processes (median)', value: median(cpu), unit: 'ms' },
    { name: 'pcb-open 100k pads: click -> ratsnest counted in the status line (median)', value: median(rats), unit: 'ms' },
    { name: 'load average (1 min) at the end', value: loadavg()[0], unit: '' },
  ]);
} finally {
  await browser?.close();
  await stack.close();
}
