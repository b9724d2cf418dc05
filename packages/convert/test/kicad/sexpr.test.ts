import { describe, expect, it } from 'vitest';
import { CatalogueError, KICAD_LIMITS } from '@copperplate/model';
import { child, flag, num, points, readSexpr, readSexprs, str, val } from '@copperplate/convert';

function refusal(f: () => unknown): CatalogueError {
  try {
    f();
  } catch (e) {
    if (e instanceof CatalogueError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('[issue-15] KiCad s-expression reader', () => {
  it('reads lists, symbols, quoted strings with escapes, numbers as text', () => {
    const [root] = readSexprs('(kicad_pcb (version 20240108) (generator "pcbnew") (net 1 "a \\"b\\" \\\\ c")\n (uuid 00012345))');
    expect(root[0]).toBe('kicad_pcb');
    expect(num(child(root, 'version'))).toBe(20240108);
    expect(val(root, 'generator')).toBe('pcbnew');
    expect(str(child(root, 'net'), 2)).toBe('a "b" \\ c');
    expect(val(root, 'uuid')).toBe('00012345');
  });

  it('reads the flag spellings of KiCad 6 (bare atom) and KiCad 8/9 ((hide yes))', () => {
    const [a] = readSexprs('(fp_text value "X" (at 0 0) (layer "F.Fab") hide (effects (font (size 1 1))))');
    const [b] = readSexprs('(property "Value" "X" (at 0 0) (layer "F.Fab") (hide yes) (effects (font (size 1 1))))');
    const [c] = readSexprs('(property "Value" "X" (hide no))');
    expect(flag(a, 'hide')).toBe(true);
    expect(flag(b, 'hide')).toBe(true);
    expect(flag(c, 'hide')).toBe(false);
  });

  it('packs (xy ..) runs inside (pts ..) keeping arcs in order', () => {
    const [p] = readSexprs('(gr_poly (pts (xy 1 2) (xy 3 4) (arc (start 3 4) (mid 4 5) (end 5 4)) (xy 6 7)))');
    expect(points(child(p, 'pts'))).toEqual([1, 2, 3, 4, 6, 7]);
    const pts = child(p, 'pts')!;
    expect(pts.length).toBe(4);
    expect((pts[2] as unknown[])[0]).toBe('arc');
  });

  it('refuses a truncated file with the line of the unclosed list, fast', () => {
    const big = '(kicad_pcb\n' + '  (segment (start 0 0) (end 1 1) (width 0.25) (layer "F.Cu") (net 1))\n'.repeat(20_000);
    const t0 = performance.now();
    const e = refusal(() => readSexprs(big, { file: 'cut.kicad_pcb' }));
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(e.code).toBe('KICAD_TRUNCATED');
    expect(e.message).toBe('The KiCad file cut.kicad_pcb is truncated: a list opened at line 1 is never closed');
    const s = refusal(() => readSexprs('(a "unterminated', { file: 'x' }));
    expect(s.code).toBe('KICAD_TRUNCATED');
    expect(s.message).toContain('a string opened at line 1');
  });

  it('refuses endless nesting at the depth limit without recursion, fast', () => {
    const deep = '('.repeat(5_000_000);
    const t0 = performance.now();
    const e = refusal(() => readSexprs(deep, { file: 'deep.kicad_sch' }));
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(e.code).toBe('KICAD_TOO_DEEP');
    expect(e.message).toBe(`The KiCad file deep.kicad_sch nests deeper than ${KICAD_LIMITS.MAX_DEPTH} levels at line 1; refused`);
    // Just under the limit is fine.
    const ok = '('.repeat(KICAD_LIMITS.MAX_DEPTH) + ')'.repeat(KICAD_LIMITS.MAX_DEPTH);
    expect(readSexprs(ok).length).toBe(1);
  });

  it('refuses a file over the size limit before reading it, and stray text', () => {
    expect(refusal(() => readSexprs('(a)', { maxChars: 2, file: 'f' })).code).toBe('KICAD_TOO_BIG');
    expect(refusal(() => readSexprs('(a))', { file: 'f' })).message).toBe('The KiCad file f is not a valid s-expression at line 1: unexpected )');
    expect(refusal(() => readSexpr('(kicad_sch)', ['kicad_pcb'], 'board', { file: 'f.kicad_pcb' })).message).toBe('The file f.kicad_pcb is not a KiCad board file (it starts with (kicad_sch)');
  });
});
