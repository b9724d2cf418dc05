import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..', '..');

describe('copperplate simulate-sync', () => {
  it('runs one seeded simulation with its own server and ends with lost=0 converged=yes', () => {
    const r = spawnSync(process.execPath, ['bin/copperplate.mjs', 'simulate-sync', '--clients', '3', '--seed', '7', '--steps', '10'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n').at(-1)).toMatch(/^seed=7 clients=3 steps=10 .*kills=1 restarts=1 .*lost=0 converged=yes$/);
    expect(r.status).toBe(0);
  }, 150_000);

  it('refuses bad arguments with one line and exit 1', () => {
    const r = spawnSync(process.execPath, ['bin/copperplate.mjs', 'simulate-sync', '--clients', 'x'], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe('--clients must be an integer from 1 to 8');
  });
});
