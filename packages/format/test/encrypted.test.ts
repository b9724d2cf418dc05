/**
 * [IMP-10] Encrypted .epro archives (traditional PKWARE zip encryption): an archive written by
 * Info-ZIP's `zip -P` (test/data/encrypted-zipcrypto.epro, ExtModule-002 with password 's3cret pass')
 * and one written by our own writer both need the password: without it 'The project is encrypted,
 * please enter the password', with a wrong one 'The password is incorrect', with the right one the
 * same files as the plain archive.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogueError, NAMED_ERRORS } from '@copperplate/model';
import { crc32, isEncryptedZip, readEpro, readZip, writeEncryptedZip, writeEpro } from '@copperplate/format';
import { fixtureBytes } from './fixtures.ts';

const zipped = new Uint8Array(readFileSync(join(import.meta.dirname, 'data', 'encrypted-zipcrypto.epro')));
const plain = fixtureBytes('ExtModule-002.epro');
const refusal = (f: () => unknown): CatalogueError => {
  try {
    f();
  } catch (e) {
    if (e instanceof CatalogueError) return e;
    throw e;
  }
  throw new Error('no refusal');
};

describe('encrypted .epro (IMP-10)', () => {
  it('[IMP-10] an archive of zip -P needs its password, which is checked; the right one reads the same files', () => {
    expect(isEncryptedZip(zipped)).toBe(true);
    expect(isEncryptedZip(plain)).toBe(false);
    expect(refusal(() => readEpro(zipped)).message).toBe(NAMED_ERRORS.PASSWORD_REQUIRED);
    for (const wrong of ['', 's3cret', 'S3cret pass', 's3cret pass ']) expect(refusal(() => readEpro(zipped, { password: wrong })).message).toBe(NAMED_ERRORS.PASSWORD_WRONG);
    const open = readZip(zipped, undefined, undefined, 's3cret pass');
    const ref = readZip(plain);
    expect([...open.keys()].filter((k) => !k.endsWith('/')).sort()).toEqual([...ref.keys()].filter((k) => !k.endsWith('/')).sort());
    for (const [k, v] of ref) expect(crc32(open.get(k)!)).toBe(crc32(v));
    const a = readEpro(zipped, { password: 's3cret pass' });
    expect(a.projectJson).toEqual(readEpro(plain).projectJson);
  });

  it('[IMP-10] our writer encrypts every entry; reading it back needs the same password', () => {
    const archive = readEpro(plain);
    const bytes = writeEpro(archive, 'pässwörd');
    expect(isEncryptedZip(bytes)).toBe(true);
    expect(refusal(() => readEpro(bytes)).message).toBe(NAMED_ERRORS.PASSWORD_REQUIRED);
    expect(refusal(() => readEpro(bytes, { password: 'passwort' })).message).toBe(NAMED_ERRORS.PASSWORD_WRONG);
    const back = readEpro(bytes, { password: 'pässwörd' });
    expect([...back.entries.keys()].sort()).toEqual([...archive.entries.keys()].sort());
    expect(back.projectJson).toEqual(archive.projectJson);
    // a stored (not deflated) byte flipped inside an entry is caught by its CRC-32 even with the right password
    const files: [string, Uint8Array][] = [['project.json', new TextEncoder().encode('{"boards":[]}')]];
    const z = writeEncryptedZip(files, 'k');
    const bad = z.slice();
    bad[30 + 'project.json'.length + 14] ^= 0x40;
    expect(() => readZip(bad, undefined, undefined, 'k')).toThrow();
  });
});
