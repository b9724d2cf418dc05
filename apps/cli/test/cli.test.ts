import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const bin = join(import.meta.dirname, '../../../bin/copperplate.mjs');

describe('copperplate CLI', () => {
  it('prints its help and exits 0', () => {
    const r = spawnSync(process.execPath, [bin, 'help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('copperplate <command>');
  });
  it('refuses an unknown command with exit 2', () => {
    const r = spawnSync(process.execPath, [bin, 'no-such-command'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("Unknown command 'no-such-command'");
  });
});
