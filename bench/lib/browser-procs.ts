/**
 * CPU time and resident memory of the Chromium that playwright-core launched from this process: its
 * renderer and GPU processes (every thread; SwiftShader rasterises in the GPU process), from /proc.
 * Linux only. Used by the browser benches (pcb-render, schematic-render).
 */
import { readFileSync, readdirSync } from 'node:fs';

/** The browser's renderer and GPU processes (descendants of our chromium child), from /proc. */
export function browserProcesses(): Array<{ pid: number; kind: 'renderer' | 'gpu' | 'other'; rss: number; cpuMs: number }> {
  const procs = new Map<number, { ppid: number; rss: number; cmd: string; cpuMs: number }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const status = readFileSync(`/proc/${d}/status`, 'utf8');
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ');
      // utime + stime (fields 14 and 15 of stat; clock ticks of 10 ms), every thread of the process
      procs.set(Number(d), { ppid: Number(/PPid:\s+(\d+)/.exec(status)?.[1]), rss: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024, cmd: readFileSync(`/proc/${d}/cmdline`, 'utf8'), cpuMs: (Number(stat[11]) + Number(stat[12])) * 10 });
    } catch {
      /* the process ended */
    }
  }
  const browserPid = [...procs].find(([, p]) => p.ppid === process.pid && p.cmd.includes('chromium'))?.[0];
  if (!browserPid) return [];
  const under = (pid: number): boolean => { for (let p = pid, n = 0; p > 1 && n < 10; p = procs.get(p)?.ppid ?? 0, n++) if (p === browserPid) return true; return false; };
  return [...procs].filter(([pid]) => under(pid)).map(([pid, p]) => ({ pid, kind: p.cmd.includes('--type=renderer') ? 'renderer' : p.cmd.includes('--type=gpu-process') ? 'gpu' : 'other', rss: p.rss, cpuMs: p.cpuMs }));
}

/** Resident memory (MB) of the renderer and GPU processes. */
export function processMemory(): { renderer: number; gpu: number } {
  const out = { renderer: 0, gpu: 0 };
  for (const p of browserProcesses()) if (p.kind !== 'other') out[p.kind] = Math.max(out[p.kind], p.rss);
  return out;
}

/** CPU time (ms) used so far by the renderer and GPU processes, all their threads (or one of them). */
export function processCpu(kind?: 'renderer' | 'gpu'): number {
  return browserProcesses().filter((p) => (kind ? p.kind === kind : p.kind !== 'other')).reduce((a, p) => a + p.cpuMs, 0);
}

