/**
 * PCB rendering and hit testing in headless Chromium (playwright-core, /usr/bin/chromium with
 * `--use-angle=swiftshader --enable-unsafe-swiftshader`: WebGL2 on SwiftShader, the CPU, when the
 * machine has no GPU; the GPU's name is printed), for the fixture boards and generated boards of
 * 100,000 and 300,000 pads with 50,000 tracks, on a 1280x800 canvas. The editor's PCB code is bundled
 * with esbuild (bench/lib/pcb-render-page.ts) and run in the page, once with the WebGL2 painter
 * (view/gl-pcb.ts) and once with the Canvas2D tile painter (pcb/canvas.ts, the fallback) as baseline.
 *   open to first frame = parse the .epcb text + scene (footprints placed) + painter built (WebGL:
 *                         geometry built and uploaded) + first frame, read back
 *   pan frame          = viewport.panBy(+-7, 3) + frame, 100 per zoom level (fit x 1, 4, 16, 64, 256);
 *                        p50, p99 and max per level; every frame counts (Canvas2D: also those that
 *                        render missing tiles; its tiles one ring ahead are rendered between frames)
 *   zoom frame         = viewport.zoomBy(1.2 or 1/1.2) about a point + frame, 40 per zoom level
 *   a WebGL frame      = draw + a pixel read back (readPixels: the frame is finished); the app stacks
 *                        the WebGL canvas under its 2D canvas; "composited" = the frame copied into a 2D
 *                        canvas instead (drawImage + getImageData: a read-back of the whole frame)
 *   hit test           = PcbEditor.hitTest(x, y) at 2,000 random points on the board (mean), against
 *                        a linear scan of every primitive's box (ratio)
 * PCB_BENCH_BOARDS=100k,STM32 and PCB_BENCH_PAINTERS=webgl choose boards and painters (default all;
 * Canvas2D is not run on the 300k board unless PCB_BENCH_CANVAS2D_300K is set).
 *   memory             = the tab's JS heap (CDP Performance.getMetrics), the renderer and GPU
 *                        processes' resident memory (/proc), the WebGL geometry bytes
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { report, type Figure } from './lib/report.ts';
import { ZOOMS, type BoardInput, type PageResult, type RunOptions } from './lib/pcb-render-page.ts';
import { fixtureBoards } from './lib/pcb-boards.ts';

/** `cols` x `rows` free SMD pads on a 50-mil grid and `tracks` tracks joining neighbouring pads (every `every`th column). */
function generatedBoard(cols: number, rows: number, every: number, name: string): BoardInput {
  const lines = ['["DOCTYPE","PCB","1.8"]', '["HEAD",{"editorVersion":"bench"}]'];
  const pitch = 50;
  let id = 1;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const x = c * pitch, y = -r * pitch, net = `N${r}_${Math.floor(c / every)}`;
    lines.push(JSON.stringify(['PAD', `e${id++}`, 0, net, 1, '1', x, y, 0, null, ['RECT', 24, 16, 20], [], 0, 0, 0, 0, 0, null, null, null, null, 0]));
    if (c % every === 1) lines.push(JSON.stringify(['LINE', `e${id++}`, 0, net, 1, x - pitch, y, x, y, 8, 0]));
  }
  lines.push(JSON.stringify(['POLY', `e${id++}`, 0, '', 11, 10, ['R', -100, 100, cols * pitch + 150, rows * pitch + 150, 0, 0], 0]));
  return { name, text: lines.join('\n'), footprints: {}, poured: [], pcbUuid: 'bench' };
}

const pct = (a: number[], q: number) => { const s = a.slice().sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(s.length * q))]; };

/** Resident memory (MB) of the browser's renderer and GPU processes (descendants of the browser process), from /proc. */
function processMemory(): { renderer: number; gpu: number } {
  const out = { renderer: 0, gpu: 0 };
  const procs = new Map<number, { ppid: number; rss: number; cmd: string }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const status = readFileSync(`/proc/${d}/status`, 'utf8');
      procs.set(Number(d), { ppid: Number(/PPid:\s+(\d+)/.exec(status)?.[1]), rss: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024, cmd: readFileSync(`/proc/${d}/cmdline`, 'utf8') });
    } catch {
      /* the process ended */
    }
  }
  // the browser: our chromium child process
  const browserPid = [...procs].find(([, p]) => p.ppid === process.pid && p.cmd.includes('chromium'))?.[0];
  if (!browserPid) return out;
  const under = (pid: number): boolean => { for (let p = pid, n = 0; p > 1 && n < 10; p = procs.get(p)?.ppid ?? 0, n++) if (p === browserPid) return true; return false; };
  for (const [pid, p] of procs) {
    if (!under(pid)) continue;
    if (p.cmd.includes('--type=renderer')) out.renderer = Math.max(out.renderer, p.rss);
    else if (p.cmd.includes('--type=gpu-process')) out.gpu = Math.max(out.gpu, p.rss);
  }
  return out;
}

async function main() {
  const bundle = await build({ entryPoints: [join(import.meta.dirname, 'lib', 'pcb-render-page.ts')], bundle: true, format: 'iife', write: false, platform: 'browser', logLevel: 'silent' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--enable-precise-memory-info', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  const figures: Figure[] = [];
  const only = process.env.PCB_BENCH_BOARDS?.split(',');
  const runOptions: RunOptions = { panFrames: Number(process.env.PCB_BENCH_PAN_FRAMES ?? 100), zoomFrames: Number(process.env.PCB_BENCH_ZOOM_FRAMES ?? 40), antialias: process.env.PCB_BENCH_MSAA === '1', probe: !!process.env.PCB_BENCH_PROBE };
  const boards = [...fixtureBoards(), generatedBoard(400, 250, 2, 'generated-100k-pads-50k-tracks'), generatedBoard(600, 500, 6, 'generated-300k-pads-50k-tracks')].filter((b) => !only || only.some((o) => b.name.includes(o)));
  try {
    for (const board of boards) {
      let painters: Array<'webgl' | 'canvas2d'> = board.name.includes('300k') && !process.env.PCB_BENCH_CANVAS2D_300K ? ['webgl'] : ['webgl', 'canvas2d'];
      if (process.env.PCB_BENCH_PAINTERS) painters = painters.filter((p) => process.env.PCB_BENCH_PAINTERS!.split(',').includes(p));
      for (const painter of painters) {
        const started = performance.now();
        const page = await browser.newPage();
        page.on('console', (m) => console.error(m.text()));
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Performance.enable');
        await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
        await page.addScriptTag({ content: bundle.outputFiles[0].text });
        const r = (await page.evaluate(([input, p, o]) => (window as unknown as { runBench: (i: unknown, p: string, o: unknown) => unknown }).runBench(input, p, o), [board, painter, runOptions] as const)) as PageResult;
        const metrics = (await cdp.send('Performance.getMetrics')).metrics as Array<{ name: string; value: number }>;
        const heap = (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 2 ** 20;
        const mem = processMemory();
        const n = `${board.name} ${painter === 'webgl' ? 'WebGL' : 'Canvas2D'}`;
        console.error(`[pcb-render] ${n}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
        if (painter === 'webgl') figures.push({ name: `${board.name} GPU: ${r.renderer}`, value: 1, unit: 'info' });
        figures.push({ name: `${n} primitives`, value: r.prims, unit: 'count' });
        figures.push({ name: `${n} open to first frame`, value: r.openMs, unit: 'ms', goal: board.name.includes('100k') ? '< 1000' : undefined });
        figures.push({ name: `${n} open: of which the painter (WebGL: geometry built and uploaded; Canvas2D: spatial index)`, value: r.painterMs, unit: 'ms' });
        for (const k of ZOOMS) {
          for (const kind of ['pan', 'zoom'] as const) {
            const t = r.frames.find((f) => f.zoom === k && f.kind === kind)!.times;
            figures.push({ name: `${n} ${kind} frame at ${k}x fit p50 (${t.length} frames)`, value: pct(t, 0.5), unit: 'ms' });
            figures.push({ name: `${n} ${kind} frame at ${k}x fit p99`, value: pct(t, 0.99), unit: 'ms', goal: '< 16' });
          }
        }
        const all = r.frames.flatMap((f) => f.times);
        figures.push({ name: `${n} pan and zoom frame p99 over all zooms`, value: pct(all, 0.99), unit: 'ms', goal: '< 16' });
        figures.push({ name: `${n} pan and zoom frame max over all zooms`, value: Math.max(...all), unit: 'ms' });
        if (painter === 'webgl') figures.push({ name: `${n} frame at fit composited into a 2D canvas (draw + drawImage + getImageData, median)`, value: r.compositedMedianMs, unit: 'ms' });
        figures.push({ name: `${n} hit test`, value: r.hitMs, unit: 'ms', goal: '< 1' });
        figures.push({ name: `${n} hit test / linear box scan`, value: r.hitMs / r.linMs, unit: 'ratio' });
        figures.push({ name: `${n} tab JS heap`, value: heap, unit: 'MB' });
        figures.push({ name: `${n} renderer process resident`, value: mem.renderer, unit: 'MB' });
        if (painter === 'webgl') {
          figures.push({ name: `${n} GPU process resident`, value: mem.gpu, unit: 'MB' });
          figures.push({ name: `${n} WebGL geometry`, value: r.gpuBytes / 2 ** 20, unit: 'MB' });
        }
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
  report('pcb-render', figures);
}

await main();
