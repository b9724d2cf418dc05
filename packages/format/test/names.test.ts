import { describe, it, expect } from 'vitest';
import { NAMED_ERRORS } from '@copperplate/model';
import { sanitizeFileName, exportFileName, checkProjectPath, defaultDownloadName } from '@copperplate/format';

describe('export names', () => {
  it('[EXP-1] replaces * : ; " | / \\ < > ? and newlines with _', () => {
    expect(sanitizeFileName('a*b:c;d"e|f/g\\h<i>j?k\nl\rm')).toBe('a_b_c_d_e_f_g_h_i_j_k_l_m');
    expect(sanitizeFileName('Board v1.0 (final)')).toBe('Board v1.0 (final)');
  });
  it('[EXP-2] forces the expected extension; unknown ones are not supported', () => {
    expect(exportFileName('my:board', '.epro')).toBe('my_board.epro');
    expect(exportFileName('x.EPRO', 'epro')).toBe('x.EPRO');
    expect(exportFileName('x.txt', '.epro')).toBe('x.txt.epro');
    expect(() => exportFileName('x', '.docx')).toThrow(NAMED_ERRORS.FORMAT_NOT_SUPPORTED);
  });
  it('[EXP-2] an empty save path: The projectPath is empty', () => {
    expect(() => checkProjectPath('')).toThrow(NAMED_ERRORS.PROJECT_PATH_EMPTY);
    expect(() => checkProjectPath('   ')).toThrow(NAMED_ERRORS.PROJECT_PATH_EMPTY);
    expect(checkProjectPath('/tmp/a.epro')).toBe('/tmp/a.epro');
  });
  it('[ARC-4] default download name: ProPrj_ or ReuseBlock_ plus year-month-day', () => {
    const d = new Date(2025, 1, 7, 13, 0, 0);
    expect(defaultDownloadName(false, d)).toBe('ProPrj_2025-02-07.epro');
    expect(defaultDownloadName(true, d)).toBe('ReuseBlock_2025-02-07.epro');
  });
});
