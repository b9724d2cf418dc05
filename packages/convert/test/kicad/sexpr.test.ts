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

  it('reads (xy ..) runs from the bytes the text was decoded from as from the text', () => {
    const pts = '(xy 1.5 -2.25)\n\t(xy 0 007) (xy -0.5 3.)(xy 12345678901234567 1) (xy 1e3 2)';
    const texts = [
      `(zone (filled_polygon (pts ${pts} (xy 3 4))) (filled_polygon (pts (xy 5 6)\n (xy 7 8))))`,
      `(zone (name "\u00e9t\u00e9") (filled_polygon (pts (xy 1 2) (xy 3 4))))`, // UTF-8: more bytes than characters, bytes not used
      '(zone (filled_polygon (pts (xy 1 2) (xy 3 4',
    ];
    for (const t of texts) {
      const bytes = new TextEncoder().encode(t);
      const read = (o: { bytes?: Uint8Array }) => { try { return readSexprs(t, { file: 'z', ...o }); } catch (e) { return (e as Error).message; } };
      expect(read({ bytes })).toEqual(read({}));
    }
    // one byte a character that is not ASCII (an invalid UTF-8 byte decoded as U+FFFD): positions still agree
    const bytes = new Uint8Array([...new TextEncoder().encode('(pts (xy 1 2) (xy 3'), 0xe9, ...new TextEncoder().encode(' 4) (xy 5 6))')]);
    const text = new TextDecoder().decode(bytes);
    expect(text.length).toBe(bytes.length);
    expect(readSexprs(text, { bytes })).toEqual(readSexprs(text));
    expect(points(readSexprs(text, { bytes })[0])).toEqual([1, 2, 0, 4, 5, 6]); // (xy 3\ufffd 4): a list, its text atom read as 0
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
