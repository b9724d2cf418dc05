/** The record view's line count (the document header shows it): counted without splitting the text. */
import { describe, expect, it } from 'vitest';
import { countRows } from '../src/project/records.ts';

describe('countRows', () => {
  it('counts the non-blank lines, as splitting the text and dropping the blank lines does', () => {
    const texts = ['', '\n', '["DOCTYPE","PCB","1.8"]', '["A"]\n["B"]\n', '["A"]\r\n\r\n  \n\t\n["B"]\r\n["C"]', '\n\n  ["A"]  \n', 'x\n\ny\n \nz'];
    for (const t of texts) expect(countRows(t), JSON.stringify(t)).toBe(t.split('\n').filter((l) => l.trim()).length);
  });
});
