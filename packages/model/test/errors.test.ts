import { describe, it, expect } from 'vitest';
import { messageForCode, NAMED_ERRORS, CatalogueError, bulkImportFailedMessage, NO_PERMISSION_CODES, STOP_UPLOAD_CODES, DUPLICATE_NAME_CODES } from '../src/index.ts';

describe('error catalogue', () => {
  it('[ERR-1] every code of SPEC §8 maps to its message', () => {
    expect(messageForCode(2003, { documentName: 'Sheet1' })).toBe('The Sheet1 length must be 1~128 bytes!');
    expect(messageForCode(10034, { documentName: 'PCB1' })).toBe('Document PCB1 size over 15MB, it is too big to save in the server, please modify and then try again');
    expect(messageForCode(401)).toBe('Not logged in yet, please log in and try again');
    for (const c of [422, 2000001, 4000002]) expect(messageForCode(c)).toBe('No permission or project does not exist');
    for (const c of [1000001, 11000]) expect(messageForCode(c)).toBe('Library duplicate name');
    expect(messageForCode(3002)).toBe('Backup Name already exists');
    expect(messageForCode(1000010, { documentName: 'X' })).toBe('document X not exists');
    expect(messageForCode(1000002)).toContain('read only');
    expect(messageForCode(123456)).toBeUndefined();
  });
  it('[ERR-4] named errors carry their messages', () => {
    expect(NAMED_ERRORS.DIFF_TICKET).toBe('The document version is inconsistent with the cloud version!');
    expect(NAMED_ERRORS.IS_OPENING).toBe('project is opening!');
    expect(NAMED_ERRORS.DB_INIT_ERROR).toBe('The CacheStorage connection failed');
    const e = CatalogueError.named('UNZIP_FAILED', { title: 'a.epro' });
    expect(e.message).toBe('Unzip file a.epro failed!');
    expect(bulkImportFailedMessage('footprint')).toBe('Import a large number of footprint data failed:');
  });
  it('code groups (constants only: the behaviour is tested where it runs)', () => {
    expect(NO_PERMISSION_CODES).toEqual([422, 2000001, 4000002]);
    expect(STOP_UPLOAD_CODES).toEqual([1000002, 1000008]);
    expect(DUPLICATE_NAME_CODES).toEqual([1000001, 11000]);
  });
});
