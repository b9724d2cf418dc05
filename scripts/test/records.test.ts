import { describe, it, expect } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ESM script without types
import { checkRecordReads, SCOPES } from '../check-records.mjs';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'records-'));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(root, p, '..'), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  return root;
}

describe('positional record reads check', () => {
  it('[issue-10] no positional record reads in the editor core, schematic and PCB editors, view, render and the web app', () => {
    expect(SCOPES).toContain('packages/editor/src/pcb');
    expect(SCOPES).toContain('packages/editor/src/sch');
    expect(SCOPES).toContain('apps/web/src');
    expect(checkRecordReads()).toEqual([]);
  });

  it('[issue-10] fails on r[4], rec?.[1], doc.get(k)?.[0], o[8] = v; passes on named reads and non-record arrays', () => {
    const root = tree({
      'packages/editor/src/pcb/a.ts': [
        'const w = num(r[9]);',
        'const id = rec?.[1];',
        "if (doc.get(k)?.[0] === 'LINE') x();",
        'o[8] = 90;',
        'const h = singleton("HEAD")[1];',
      ].join('\n'),
      'apps/web/src/b.ts': [
        "const w = Line.get(r, 'width');",
        'const [x, y] = pts; const p0 = pts[0]; scored.sort((a, b) => a[1] - b[1]);',
        '// r[4] in a comment is not code',
        ' * o[8] inside a doc comment',
        "const isPoly = Array.isArray(shape) && shape[0] === 'POLY';",
      ].join('\n'),
      'packages/editor/src/sch/c.ts': 'const inScope = r[2];\n',
      'apps/server/src/d.ts': 'const outOfScope = r[2];\n',
    });
    try {
      const problems = checkRecordReads(root) as string[];
      expect(problems.map((p) => p.split(':').slice(0, 2).join(':'))).toEqual([
        'packages/editor/src/sch/c.ts:1', 'packages/editor/src/pcb/a.ts:1', 'packages/editor/src/pcb/a.ts:2', 'packages/editor/src/pcb/a.ts:3',
        'packages/editor/src/pcb/a.ts:4', 'packages/editor/src/pcb/a.ts:5',
      ]);
      expect(checkRecordReads(root, ['packages/editor/src/sch'])).toHaveLength(1);
      expect(checkRecordReads(root, ['packages/editor/src/pcb'], [{ file: 'packages/editor/src/pcb/a.ts', text: 'o[8]' }])).toHaveLength(4);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
