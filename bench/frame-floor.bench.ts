/**
 * frame-floor: what a frame costs this machine's Chromium before any board is drawn (issue 14 part 6:
 * "no frame of pan or zoom misses 16 ms"). The pcb-render bench's rAF-paced pans are composited frames
 * of the page; this bench times the same kind of frame with nothing of ours in it, on a 1280x800
 * canvas, Chromium as pcb-render launches it (WebGL2 on SwiftShader where there is no GPU):
 *   idle            = requestAnimationFrame with nothing changed on the page
 *   webgl clear     = each frame the WebGL canvas cleared to another colour (the least a WebGL frame does)
 *   webgl quad      = each frame one textured rectangle over the canvas, moved (what a pan over the
 *                     PCB snapshot draws: gl-snapshot.ts)
 *   css move        = a WebGL canvas drawn once, moved each frame by a CSS transform (the compositor
 *                     alone moves it)
 *   2d fill         = each frame a 2D canvas filled with another colour
 * For each, 120 rAF-paced frames: the intervals between the callbacks' timestamps (p50, p99, frames
 * missed: interval > 20 ms) and the CPU of the renderer and GPU processes per frame.
 */
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { report, type Figure } from './lib/report.ts';
import { browserProcesses } from './lib/browser-procs.ts';

const FRAMES = 120;
const W = 1280, H = 800;
const MODES = ['idle', 'webgl clear', 'webgl quad', 'webgl blit', 'webgl blit scaled', 'css move', '2d fill'] as const;

const page = `<!doctype html><html><body style="margin:0;overflow:hidden;background:#000">
<canvas id="gl" width="${W}" height="${H}" style="position:absolute;left:0;top:0;width:${W}px;height:${H}px"></canvas>
<canvas id="c2" width="${W}" height="${H}" style="position:absolute;left:0;top:0;width:${W}px;height:${H}px;display:none"></canvas>
<script>
const gl = document.getElementById('gl').getContext('webgl2', { antialias: false, alpha: false, depth: false, stencil: false, preserveDrawingBuffer: false });
const c2 = document.getElementById('c2');
const g2 = c2.getContext('2d');
const vs = '#version 300 es\\nlayout(location=0) in vec2 a;uniform vec2 u_off;out vec2 v;void main(){v=a*0.5+0.5;gl_Position=vec4(a+u_off,0.0,1.0);}';
const fs = '#version 300 es\\nprecision highp float;in vec2 v;uniform sampler2D t;out vec4 o;void main(){o=texture(t,v);}';
const prog = gl.createProgram();
for (const [type, src] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs]]) { const s = gl.createShader(type); gl.shaderSource(s, src); gl.compileShader(s); gl.attachShader(prog, s); }
gl.linkProgram(prog);
const off = gl.getUniformLocation(prog, 'u_off');
const vao = gl.createVertexArray(); gl.bindVertexArray(vao);
const buf = gl.createBuffer(); gl.bindBuffer(gl.ARRAY_BUFFER, buf);
gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
gl.enableVertexAttribArray(0); gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
const px = new Uint8Array(${W} * ${H} * 4); for (let i = 0; i < px.length; i++) px[i] = (i * 7919) & 255;
const tex = gl.createTexture(); gl.bindTexture(gl.TEXTURE_2D, tex);
gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, ${W}, ${H}, 0, gl.RGBA, gl.UNSIGNED_BYTE, px);
gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST); gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
const fb = gl.createFramebuffer(); gl.bindFramebuffer(gl.READ_FRAMEBUFFER, fb);
gl.framebufferTexture2D(gl.READ_FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, tex, 0);
gl.bindFramebuffer(gl.READ_FRAMEBUFFER, null);
const blit = (k, scaled) => { gl.clearColor(0, 0, 0, 1); gl.clear(gl.COLOR_BUFFER_BIT); gl.bindFramebuffer(gl.READ_FRAMEBUFFER, fb); const d = k % 50; const e = scaled ? d * 2 : 0; gl.blitFramebuffer(0, 0, ${W}, ${H}, d - e, -e, ${W} + d + e, ${H} + e, gl.COLOR_BUFFER_BIT, scaled ? gl.LINEAR : gl.NEAREST); gl.bindFramebuffer(gl.READ_FRAMEBUFFER, null); };
const quad = (k) => { gl.clearColor(0, 0, 0, 1); gl.clear(gl.COLOR_BUFFER_BIT); gl.useProgram(prog); gl.uniform2f(off, (k % 50) / 500, 0); gl.bindVertexArray(vao); gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4); };
window.runMode = (mode, n) => new Promise((done) => {
  const glc = document.getElementById('gl');
  glc.style.display = mode === '2d fill' ? 'none' : 'block';
  c2.style.display = mode === '2d fill' ? 'block' : 'none';
  glc.style.transform = '';
  if (mode === 'css move') quad(0);
  const times = [];
  let k = 0;
  const tick = (t) => {
    times.push(t);
    if (mode === 'webgl clear') { gl.clearColor((k % 60) / 60, 0.2, 0.3, 1); gl.clear(gl.COLOR_BUFFER_BIT); }
    else if (mode === 'webgl quad') quad(k);
    else if (mode === 'webgl blit') blit(k, false);
    else if (mode === 'webgl blit scaled') blit(k, true);
    else if (mode === 'css move') glc.style.transform = 'translate(' + (k % 50) + 'px, 0px)';
    else if (mode === '2d fill') { g2.fillStyle = 'rgb(' + (k % 60) * 4 + ',50,80)'; g2.fillRect(0, 0, ${W}, ${H}); }
    k++;
    if (times.length <= n) requestAnimationFrame(tick); else done(times);
  };
  requestAnimationFrame(tick);
});
</script></body></html>`;

const q = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(p * a.length))];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
const figures: Figure[] = [];
try {
  const p = await browser.newPage({ viewport: { width: W, height: H } });
  await p.setContent(page);
  const renderer = await p.evaluate(() => { const c = document.createElement('canvas').getContext('webgl2')!; const e = c.getExtension('WEBGL_debug_renderer_info'); return String(c.getParameter(e ? e.UNMASKED_RENDERER_WEBGL : c.RENDERER)); });
  console.error(`[frame-floor] WebGL renderer: ${renderer}`);
  for (const mode of MODES) {
    await p.evaluate(([m]) => (window as any).runMode(m, 20), [mode]); // warm-up
    const cpu0 = browserProcesses().filter((x) => x.kind !== 'other').reduce((a, x) => a + x.cpuMs, 0);
    const times = await p.evaluate(([m, n]) => (window as any).runMode(m, n) as Promise<number[]>, [mode, FRAMES] as const);
    const cpu1 = browserProcesses().filter((x) => x.kind !== 'other').reduce((a, x) => a + x.cpuMs, 0);
    const iv = times.slice(1).map((t, i) => t - times[i]);
    figures.push(
      { name: `frame-floor ${mode}: interval p50 (60 Hz = 16.7)`, value: q(iv, 0.5), unit: 'ms' },
      { name: `frame-floor ${mode}: interval p99`, value: q(iv, 0.99), unit: 'ms', goal: '< 17' },
      { name: `frame-floor ${mode}: missed frames (interval > 20 ms) of ${iv.length}`, value: iv.filter((x) => x > 20).length, unit: 'count' },
      { name: `frame-floor ${mode}: CPU of the renderer and GPU processes per frame`, value: (cpu1 - cpu0) / iv.length, unit: 'ms' },
    );
  }
  figures.push({ name: 'load average (1 min) at the end', value: loadavg()[0], unit: '' });
  report('frame-floor', figures);
} finally {
  await browser.close();
}
