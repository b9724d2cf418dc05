import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { stripControlChars, stripControlCharsDeep, hasControlChars, normaliseTitle, utf8ByteLength, utf8ByteLengthExceeds, truncateUtf8 } from '../src/index.ts';

const control = fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c >= 0x7f).map((c) => String.fromCharCode(c));
const mixed = fc.array(fc.oneof(fc.string(), control), { maxLength: 12 }).map((a) => a.join(''));

describe('text values', () => {
  it('[VAL-8] control characters (C0, DEL, C1) are stripped', () => {
    expect(stripControlChars('a\u0000b\u0007c\u001fd\u007fe\u0085f\tg\nh')).toBe('abcdefgh');
    expect(stripControlChars('G431CBU6最小系统板')).toBe('G431CBU6最小系统板');
    expect(stripControlChars('\u00a0x')).toBe('\u00a0x'); // NBSP is not a control character
  });
  it('[VAL-8] property: result has no control characters and keeps every other character in order', () => {
    fc.assert(
      fc.property(mixed, (s) => {
        const r = stripControlChars(s);
        expect(hasControlChars(r)).toBe(false);
        expect(r).toBe([...s].filter((ch) => !/[\u0000-\u001f\u007f-\u009f]/.test(ch)).join(''));
        expect(stripControlChars(r)).toBe(r);
      }),
      { numRuns: 500 },
    );
  });
  it('[VAL-8] deep strip covers nested strings but leaves dataStr, keys and non-strings alone', () => {
    const input = { title: 'a\u0001b', n: 3, ok: true, nil: null, tags: { child_tag: [{ uuid: 'u', name: 'x\u0002y' }] }, dataStr: '["DOCTYPE","SCH","1.1"]\n["HEAD",{}]', list: ['p\u0003', 4] };
    const out = stripControlCharsDeep(input);
    expect(out).toEqual({ title: 'ab', n: 3, ok: true, nil: null, tags: { child_tag: [{ uuid: 'u', name: 'xy' }] }, dataStr: input.dataStr, list: ['p', 4] });
    expect(input.title).toBe('a\u0001b'); // input unchanged
    const bytes = new Uint8Array([1, 2]);
    expect(stripControlCharsDeep({ b: bytes }).b).toBe(bytes);
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const r = JSON.stringify(stripControlCharsDeep(v));
        expect(/\\u00[01][0-9a-f]|\\[nrtbf]/i.test(r.replace(/\\\\/g, ''))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
  it('[VAL-3] normalised title: NFC, control characters out, whitespace collapsed and trimmed; idempotent', () => {
    expect(normaliseTitle('  My   Sheet\t1 \n')).toBe('My Sheet 1');
    expect(normaliseTitle('a\u0000b')).toBe('ab');
    expect(normaliseTitle('e\u0301')).toBe('\u00e9');
    expect(normaliseTitle('P1')).toBe('P1');
    fc.assert(
      fc.property(mixed, (s) => {
        const n = normaliseTitle(s);
        expect(normaliseTitle(n)).toBe(n);
        expect(n).toBe(n.trim());
        expect(/\s\s/.test(n)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
  it('[VAL-9] UTF-8 byte length matches TextEncoder', () => {
    expect(utf8ByteLength('abc')).toBe(3);
    expect(utf8ByteLength('最小')).toBe(6);
    expect(utf8ByteLength('😀')).toBe(4);
    expect(utf8ByteLength('\ud800x')).toBe(4); // lone surrogate = U+FFFD (3) + x
    const enc = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        expect(utf8ByteLength(s)).toBe(enc.encode(s).length);
        expect(utf8ByteLengthExceeds(s, 10)).toBe(enc.encode(s).length > 10);
      }),
      { numRuns: 150 },
    );
    expect(truncateUtf8('a最小', 4)).toBe('a最');
    expect(truncateUtf8('😀😀', 5)).toBe('😀');
  });
});
