/**
 * PCB rendering and hit testing in headless Chromium (playwright-core, /usr/bin/chromium with
 * `--use-angle=swiftshader --enable-unsafe-swiftshader`: WebGL2 on SwiftShader, the CPU, when the
 * machine has no GPU; the GPU's name is printed), for the fixture boards and generated boards of
 * 100,000 and 300,000 pads with 50,000 tracks, on a 1280x800 canvas. The editor's PCB code is bundled
 * with esbuild (bench/lib/pcb-render-page.ts) and run in the page, once with the WebGL2 painter
 * (view/gl-pcb.ts) and once with the Canvas2D tile painter (pcb/canvas.ts, the fallback) as baseline.
 *   open to first frame = parse the .epcb text + scene (footprints placed) + painter built (WebGL:
 *                         geometry built and uploaded; past 8,000 primitives, as the app, the first
 *                         frame is the board drawn on the CPU and the geometry is built after it,
 *                         timed apart) + first frame, read back
 *   pan frame          = viewport.panBy(+-7, 3) + frame, 100 per zoom level (fit x 1, 4, 16, 64, 256);
 *                        p50, p99 and max per level; every frame counts (Canvas2D: also those that
 *                        render missing tiles; its tiles one ring ahead are rendered between frames)
 *   zoom frame         = viewport.zoomBy(1.2 or 1/1.2) about a point + frame, 40 per zoom level
 *   rAF-paced pan      = 60 pan frames per zoom level driven by requestAnimationFrame, drawn as the app
 *                        draws them (submitted, not read back; the WebGL canvas on the page, composited):
 *                        the intervals between the callbacks' timestamps, p50, p99 and frames missed
 *                        (interval > 20 ms; 60 Hz is 16.7 ms) (PCB_BENCH_RAF_FRAMES, 0 to skip); then (WebGL)
 *                        the same pan moved by the compositor as the app moves a pointer pan
 *                        (view/gesture-stack.ts: a CSS transform of the WebGL canvas, drawn only when
 *                        the moved frame would show too little of the view)
 *   a WebGL frame      = draw + a pixel read back (readPixels: the frame is finished); the app stacks
 *                        the WebGL canvas under its 2D canvas; "composited" = the frame copied into a 2D
 *                        canvas instead (drawImage + getImageData: a read-back of the whole frame)
 *   work between frames = what runs after a frame, untimed in it (Canvas2D: tiles ahead; WebGL: one
 *                        step of the snapshot's tiles, PCB_GL_STEP, as the app runs one per animation
 *                        frame after its frame), timed on its own; "frame + the work after it" is the
 *                        two together (the app's animation frame). WebGL frames are counted by what they
 *                        drew (gl.frame.kind: direct, snapshot, scaled by a zoom, fallback = every item
 *                        while the snapshot does not hold the view)
 *   time to sharp      = per zoom level, from a sharp view: a zoom in of 1.25x, or a pan by a whole view
 *                        (past the snapshot), its frame, then steps between frames until the view is
 *                        drawn at its scale with nothing left to draw: their number, largest, total
 *                        time and CPU
 *   CPU                = utime + stime of the renderer and GPU processes (/proc, every thread;
 *                        SwiftShader rasterises in the GPU process) for the open (from when the
 *                        board's text is in the page) and per frame of a zoom level (its work
 *                        between frames included): what the load cannot inflate
 *   hit test           = PcbEditor.hitTest(x, y) at 2,000 random points on the board (mean), against
 *                        a linear scan of every primitive's box (ratio); the first one builds the
 *                        spatial index (not part of the open)
 * PCB_BENCH_SLOW=MS prints each frame (or the work after it) slower than MS with what it drew.
 * PCB_BENCH_BOARDS=100k,STM32 and PCB_BENCH_PAINTERS=webgl choose boards and painters (default all;
 * Canvas2D is not run on the 300k board unless PCB_BENCH_CANVAS2D_300K is set). PCB_BENCH_PHASES=1
 * opens each board once more before the timed open, one phase per call (parse, document, scene,
 * geometry and upload, first frame), and prints each phase's CPU time (renderer + GPU process).
 *   memory             = the tab's JS heap (CDP Performance.getMetrics), the renderer and GPU
 *                        processes' resident memory (/proc), the WebGL geometry bytes
 */
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { report, type Figure } from './lib/report.ts';
import { PHASES, ZOOMS, type EndResult, type Frames, type OpenResult, type RunOptions, type Sharp } from './lib/pcb-render-page.ts';
import { fixtureBoards, generatedBoard } from './lib/pcb-boards.ts';
import { processCpu, processMemory } from './lib/browser-procs.ts';

/** Frames per zoom level of the rAF-paced pan (PCB_BENCH_RAF_FRAMES; 0: not run). */
const RAF_FRAMES = Number(process.env.PCB_BENCH_RAF_FRAMES ?? 60);
const pct = (a: number[], q: number) => { const s = a.slice().sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(s.length * q))]; };

interface CpuProfile { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>; samples: number[]; timeDeltas: number[] }

/** PCB_BENCH_PROFILE=1: the renderer's main thread during the open, by function (self and total time, ms; sampled by CDP's profiler). */
function printProfile(label: string, p: CpuProfile): void {
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number) => { const f = byId.get(id)!.callFrame; return `${f.functionName || '(anon)'}:${f.lineNumber + 1}`; };
  const selfBy = new Map<string, number>(), totalBy = new Map<string, number>();
  for (const [id, ms] of self) {
    const k = name(id);
    selfBy.set(k, (selfBy.get(k) ?? 0) + ms);
    const seen = new Set<string>();
    for (let a: number | undefined = id; a !== undefined; a = parent.get(a)) { const n = name(a); if (!seen.has(n)) { seen.add(n); totalBy.set(n, (totalBy.get(n) ?? 0) + ms); } }
  }
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`).join('\n');
  console.error(`[pcb-render] profile of ${label}, self:\n${top(selfBy)}\ntotal:\n${top(totalBy)}`);
}

async function main() {
  const bundle = await build({ entryPoints: [join(import.meta.dirname, 'lib', 'pcb-render-page.ts')], bundle: true, format: 'iife', write: false, platform: 'browser', logLevel: 'silent' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--enable-precise-memory-info', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  const figures: Figure[] = [];
  const only = process.env.PCB_BENCH_BOARDS?.split(',');
  const runOptions: RunOptions = { panFrames: Number(process.env.PCB_BENCH_PAN_FRAMES ?? 100), zoomFrames: Number(process.env.PCB_BENCH_ZOOM_FRAMES ?? 40), antialias: process.env.PCB_BENCH_MSAA === '1', probe: !!process.env.PCB_BENCH_PROBE, slowMs: Number(process.env.PCB_BENCH_SLOW ?? 0) };
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
        type W = Record<string, (...a: unknown[]) => unknown>;
        if (process.env.PCB_BENCH_PHASES && painter === 'webgl') {
          // the open again, phase by phase, each with the CPU time of the renderer and the GPU process
          for (const ph of PHASES) {
            const r0 = processCpu('renderer'), g0 = processCpu('gpu');
            const ms = (await page.evaluate(([s, input]) => (window as unknown as W).benchPhase(s, input), [ph, ph === 'input' ? board : undefined] as const)) as number;
            const r1 = processCpu('renderer') - r0, g1 = processCpu('gpu') - g0;
            console.error(`[pcb-render] ${board.name} open phase ${ph}: ${ms.toFixed(0)} ms wall, CPU renderer ${r1} ms + GPU process ${g1} ms`);
            if (ph !== 'input') figures.push({ name: `${board.name} WebGL open phase '${ph}': CPU of the renderer + GPU process`, value: r1 + g1, unit: 'ms' });
          }
        }
        // the board's text into the page first: its transfer (hundreds of ms of the renderer's CPU for 13.6 MB) is not the open's
        await page.evaluate((input) => (window as unknown as W).benchInput(input), board);
        const profile = !!process.env.PCB_BENCH_PROFILE;
        if (profile) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start'); }
        const c0 = processCpu();
        const r = (await page.evaluate(([p, o]) => (window as unknown as W).benchOpen(null, p, o), [painter, runOptions] as const)) as OpenResult;
        const openCpu = processCpu() - c0;
        if (profile) printProfile(`${board.name} ${painter} open`, ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile);
        const frames: Frames[] = [];
        const levelCpu: number[] = [];
        for (const k of ZOOMS) {
          const c1 = processCpu();
          frames.push(...((await page.evaluate((z) => (window as unknown as W).benchLevel(z), k)) as Frames[]));
          levelCpu.push((processCpu() - c1) / (runOptions.panFrames + runOptions.zoomFrames + 1));
        }
        // time to sharp after a zoom in and after a jump past the snapshot (WebGL), with the CPU of its steps
        const sharps: Array<{ k: number; move: string; r: Sharp; cpu: number }> = [];
        for (const k of painter === 'webgl' ? ZOOMS : []) for (const move of ['zoom', 'jump'] as const) {
          await page.evaluate(([z]) => (window as unknown as W).benchSharp(z, 'setup'), [k] as const);
          const c1 = processCpu();
          const r = (await page.evaluate(([z, m]) => (window as unknown as W).benchSharp(z, m), [k, move] as const)) as Sharp;
          sharps.push({ k, move, r, cpu: processCpu() - c1 });
        }
        // pan frames as the app draws them, paced by requestAnimationFrame: the intervals between callbacks
        const raf: Array<{ k: number; dt: number[]; cpu: number }> = [];
        for (const k of RAF_FRAMES ? ZOOMS : []) {
          const c1 = processCpu();
          const dt = (await page.evaluate(([z, nf]) => (window as unknown as W).benchRaf(z, nf), [k, RAF_FRAMES] as const)) as number[];
          raf.push({ k, dt, cpu: (processCpu() - c1) / RAF_FRAMES });
        }
        // the same pan moved by the compositor, as the app moves a pointer pan (WebGL: view/gesture-stack.ts)
        const rafMoved: Array<{ k: number; dt: number[]; drawn: number; cpu: number }> = [];
        for (const k of RAF_FRAMES && painter === 'webgl' ? ZOOMS : []) {
          const c1 = processCpu();
          const r = (await page.evaluate(([z, nf]) => (window as unknown as W).benchRafComposed(z, nf), [k, RAF_FRAMES] as const)) as { dt: number[]; drawn: number };
          rafMoved.push({ k, ...r, cpu: (processCpu() - c1) / RAF_FRAMES });
        }
        const e = (await page.evaluate(() => (window as unknown as W).benchEnd())) as EndResult;
        const metrics = (await cdp.send('Performance.getMetrics')).metrics as Array<{ name: string; value: number }>;
        const heap = (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 2 ** 20;
        const mem = processMemory();
        const n = `${board.name} ${painter === 'webgl' ? 'WebGL' : 'Canvas2D'}`;
        console.error(`[pcb-render] ${n}: ${((performance.now() - started) / 1000).toFixed(0)} s, load ${loadavg()[0].toFixed(1)}`);
        if (painter === 'webgl') figures.push({ name: `${board.name} GPU: ${r.renderer}`, value: 1, unit: 'info' });
        figures.push({ name: `${n} primitives`, value: r.prims, unit: 'count' });
        figures.push({ name: `${n} open to first frame`, value: r.openMs, unit: 'ms', goal: board.name.includes('100k') ? '< 1000' : undefined });
        figures.push({ name: `${n} open to first frame, CPU of the renderer and GPU processes`, value: openCpu, unit: 'ms' });
        figures.push({ name: `${n} open: of which the painter (WebGL: geometry built and uploaded and the first frame, or past 8,000 primitives the first frame drawn on the CPU; Canvas2D: spatial index, first frame)`, value: r.painterMs, unit: 'ms' });
        if (r.geometryMs) figures.push({ name: `${n} WebGL geometry built and uploaded after the first frame (the CPU picture: ${r.firstKind})`, value: r.geometryMs, unit: 'ms' });
        for (const [i, k] of ZOOMS.entries()) {
          for (const kind of ['pan', 'zoom'] as const) {
            const fr = frames.find((f) => f.zoom === k && f.kind === kind)!;
            const t = fr.times;
            figures.push({ name: `${n} ${kind} frame at ${k}x fit p50 (${t.length} frames)`, value: pct(t, 0.5), unit: 'ms' });
            figures.push({ name: `${n} ${kind} frame at ${k}x fit p99`, value: pct(t, 0.99), unit: 'ms', goal: '< 16' });
            if (painter === 'webgl') {
              const counts = [...new Set(fr.kinds)].map((x) => `${x} ${fr.kinds.filter((y) => y === x).length}`).join(', ');
              figures.push({ name: `${n} ${kind} frame at ${k}x fit + the work after it (a snapshot step, as the app's animation frame) p99 (frames: ${counts})`, value: pct(t.map((x, i) => x + fr.after[i]), 0.99), unit: 'ms', goal: '< 16' });
            }
          }
          figures.push({ name: `${n} frames at ${k}x fit: CPU of the renderer and GPU processes per frame (work between frames included)`, value: levelCpu[i], unit: 'ms' });
        }
        for (const { k, move, r, cpu } of sharps) {
          const what = move === 'zoom' ? 'a zoom in (1.25x)' : 'a pan by a whole view';
          figures.push({ name: `${n} at ${k}x fit, ${what}: its frame (${r.kind})`, value: r.frameMs, unit: 'ms', goal: '< 16' });
          figures.push({ name: `${n} at ${k}x fit, ${what}: then time to sharp (${r.steps} steps between frames, the largest ${r.stepMax.toFixed(1)} ms; CPU of the renderer and GPU processes, the move's frame and the steps: ${cpu} ms)`, value: r.ms, unit: 'ms' });
        }
        for (const { k, dt, cpu } of raf) {
          figures.push({ name: `${n} rAF-paced pan at ${k}x fit: interval p50 (${dt.length} intervals; 60 Hz = 16.7)`, value: pct(dt, 0.5), unit: 'ms' });
          figures.push({ name: `${n} rAF-paced pan at ${k}x fit: interval p99`, value: pct(dt, 0.99), unit: 'ms', goal: '< 17 (no frame missed)' });
          figures.push({ name: `${n} rAF-paced pan at ${k}x fit: missed frames (interval > 20 ms)`, value: dt.filter((d) => d > 20).length, unit: 'count' });
          figures.push({ name: `${n} rAF-paced pan at ${k}x fit: CPU of the renderer and GPU processes per frame`, value: cpu, unit: 'ms' });
        }
        for (const { k, dt, drawn, cpu } of rafMoved) {
          figures.push({ name: `${n} rAF-paced pan at ${k}x fit, moved by the compositor (the app's pointer pan; ${drawn} of ${dt.length} frames drawn): interval p99`, value: pct(dt, 0.99), unit: 'ms', goal: '< 17 (no frame missed)' });
          figures.push({ name: `${n} rAF-paced pan at ${k}x fit, moved by the compositor: missed frames (interval > 20 ms)`, value: dt.filter((d) => d > 20).length, unit: 'count' });
          figures.push({ name: `${n} rAF-paced pan at ${k}x fit, moved by the compositor: CPU of the renderer and GPU processes per frame`, value: cpu, unit: 'ms' });
        }
        const all = frames.flatMap((f) => f.times);
        figures.push({ name: `${n} pan and zoom frame p99 over all zooms`, value: pct(all, 0.99), unit: 'ms', goal: '< 16' });
        figures.push({ name: `${n} pan and zoom frame max over all zooms`, value: Math.max(...all), unit: 'ms' });
        if (e.idleMs.length) {
          figures.push({ name: `${n} work between frames (Canvas2D: tiles ahead; WebGL: a step of the snapshot's tiles) p50 (${e.idleMs.length} times)`, value: pct(e.idleMs, 0.5), unit: 'ms' });
          figures.push({ name: `${n} work between frames max`, value: Math.max(...e.idleMs), unit: 'ms' });
        }
        if (painter === 'webgl') figures.push({ name: `${n} frame at fit composited into a 2D canvas (draw + drawImage + getImageData, median)`, value: e.compositedMedianMs, unit: 'ms' });
        figures.push({ name: `${n} first hit test (builds the spatial index)`, value: e.firstHitMs, unit: 'ms' });
        figures.push({ name: `${n} hit test`, value: e.hitMs, unit: 'ms', goal: '< 1' });
        figures.push({ name: `${n} hit test / linear box scan`, value: e.hitMs / e.linMs, unit: 'ratio' });
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
  figures.push({ name: 'load average (1 min) at the end', value: loadavg()[0], unit: '' });
  report('pcb-render', figures);
}

await main();
