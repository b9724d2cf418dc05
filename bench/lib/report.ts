/**
 * Benchmarks print one line per figure, `NAME: VALUE UNIT (goal ...)`, and write the same figures to
 * bench/results/<bench>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  goal?: string;
}

export function report(bench: string, figures: Figure[]): void {
  for (const f of figures) {
    const v = Number.isInteger(f.value) ? String(f.value) : f.value.toFixed(Math.abs(f.value) >= 100 ? 1 : 3);
    console.log(`${f.name}: ${v} ${f.unit}${f.goal ? ` (goal ${f.goal})` : ''}`);
  }
  const dir = join(import.meta.dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${bench}.json`), JSON.stringify({ bench, at: new Date().toISOString(), figures }, null, 2) + '\n');
}

/** Median wall time of `fn` over `runs` runs, in ms. */
export async function medianMs(runs: number, fn: () => unknown | Promise<unknown>): Promise<number> {
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await fn();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return t[Math.floor(t.length / 2)];
}

/**
 * Median wall time and median CPU time (process.cpuUsage: user + system of this process) of `fn` over
 * `runs` runs, in ms, and the fastest wall time (on a loaded machine, the run the scheduler let be).
 */
export async function medianWallCpuMs(runs: number, fn: () => unknown | Promise<unknown>): Promise<{ wall: number; cpu: number; fastest: number }> {
  const wall: number[] = [], cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const s = performance.now();
    await fn();
    wall.push(performance.now() - s);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  const mid = (t: number[]) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)];
  return { wall: mid(wall), cpu: mid(cpu), fastest: Math.min(...wall) };
}
