import { describe, it, expect } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ESM script without types
import { checkLayers } from '../check-layers.mjs';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(root, p, '..'), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  return root;
}

describe('layering check', () => {
  it('passes on the real tree', () => {
    expect(checkLayers()).toEqual([]);
  });
  it('fails when model imports format, format imports node:fs, server imports sync, or a relative import leaves the package', () => {
    const root = tree({
      'packages/model/src/a.ts': "import { x } from '@copperplate/format';\n",
      'packages/format/src/b.ts': "import { readFileSync } from 'node:fs';\n",
      'apps/server/src/c.ts': "import { y } from '@copperplate/sync';\n",
      'packages/sync/src/d.ts': "import { z } from '../../model/src/index.ts';\n",
      'packages/editor/src/e.ts': "import React from 'react';\n",
      'apps/web/src/ok.tsx': "import React from 'react';\nimport { a } from '@copperplate/editor';\n",
    });
    try {
      const problems: string[] = checkLayers(root);
      expect(problems.some((p) => p.includes('model may not import @copperplate/format'))).toBe(true);
      expect(problems.some((p) => p.includes("may not import Node built-in 'node:fs'"))).toBe(true);
      expect(problems.some((p) => p.includes('server may not import @copperplate/sync'))).toBe(true);
      expect(problems.some((p) => p.includes('leaves the package'))).toBe(true);
      expect(problems.some((p) => p.includes('editor may not import React'))).toBe(true);
      expect(problems.some((p) => p.includes('apps/web'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
  it('[issue-14] the editor has one public API: an app importing a path inside it fails', () => {
    const root = tree({
      'apps/web/src/deep.ts': "import { PcbEditor } from '@copperplate/editor/pcb/editor';\n",
      'apps/web/src/ok.ts': "import { PcbEditor } from '@copperplate/editor';\n",
    });
    try {
      const problems: string[] = checkLayers(root);
      expect(problems).toEqual([expect.stringContaining("apps/web/src/deep.ts: import '@copperplate/editor' (its public API), not '@copperplate/editor/pcb/editor'")]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
