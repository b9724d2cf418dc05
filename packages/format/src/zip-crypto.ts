/**
 * Encrypted .epro archives (IMP-10): zip entries encrypted with the traditional PKWARE cipher
 * (APPNOTE 6.1, "ZipCrypto"; general purpose flag bit 0), as zip tools write them with a password.
 * Each entry's data starts with a 12-byte encryption header whose last byte must equal the high byte
 * of the entry's CRC-32 (or of its modification time when the sizes come in a data descriptor): the
 * password check. The decrypted entry is then inflated and its CRC-32 compared, which catches the
 * 1-in-256 wrong password that passes the header check. Pure; no platform crypto needed.
 */
import { deflateSync } from 'fflate';
import { ZIP_LEVEL } from '@copperplate/model';
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(data: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}
const crcByte = (c: number, b: number) => (CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)) >>> 0;

class Keys {
  k0 = 0x12345678;
  k1 = 0x23456789;
  k2 = 0x34567890;
  constructor(password: Uint8Array) {
    for (const b of password) this.update(b);
  }
  update(b: number): void {
    this.k0 = crcByte(this.k0, b);
    this.k1 = (Math.imul((this.k1 + (this.k0 & 0xff)) >>> 0, 134775813) + 1) >>> 0;
    this.k2 = crcByte(this.k2, this.k1 >>> 24);
  }
  stream(): number {
    const t = (this.k2 | 2) & 0xffff;
    return (Math.imul(t, t ^ 1) >>> 8) & 0xff;
  }
}

const enc = new TextEncoder();

/** Decrypts an entry's data (header included); null when the header's check byte is not `check`. */
export function zipDecrypt(src: Uint8Array, password: string, check: number): Uint8Array | null {
  if (src.length < 12) return null;
  const keys = new Keys(enc.encode(password));
  const out = new Uint8Array(src.length);
  for (let i = 0; i < src.length; i++) {
    const b = src[i] ^ keys.stream();
    keys.update(b);
    out[i] = b;
  }
  if (out[11] !== check) return null;
  return out.subarray(12);
}

/** Encrypts an entry's data behind a 12-byte header ending in `check` (`random` fills the other 11). */
export function zipEncrypt(data: Uint8Array, password: string, check: number, random: (n: number) => Uint8Array): Uint8Array {
  const keys = new Keys(enc.encode(password));
  const plain = new Uint8Array(12 + data.length);
  plain.set(random(11), 0);
  plain[11] = check;
  plain.set(data, 12);
  const out = new Uint8Array(plain.length);
  for (let i = 0; i < plain.length; i++) {
    const b = plain[i];
    out[i] = b ^ keys.stream();
    keys.update(b);
  }
  return out;
}

/**
 * Writes a zip whose every entry is DEFLATE level 9 (ZIP_LEVEL) and encrypted with `password`
 * (the archive a zip tool writes with a password; what `copperplate convert --encrypt` writes).
 */
export function writeEncryptedZip(files: Iterable<[string, Uint8Array]>, password: string, random: (n: number) => Uint8Array = (n) => globalThis.crypto.getRandomValues(new Uint8Array(n))): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  let count = 0;
  const DOS_TIME = 0;
  const DOS_DATE = (2025 - 1980) << 9 | 1 << 5 | 1;
  for (const [name, data] of files) {
    const nameBytes = enc.encode(name);
    const crc = crc32(data);
    const body = zipEncrypt(deflateSync(data, { level: ZIP_LEVEL }), password, crc >>> 24, random);
    const local = new Uint8Array(30 + nameBytes.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, 1 | 0x800, true); // encrypted, UTF-8 names
    lv.setUint16(8, 8, true);
    lv.setUint16(10, DOS_TIME, true);
    lv.setUint16(12, DOS_DATE, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, body.length, true);
    lv.setUint32(22, data.length, true);
    lv.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    const central = new Uint8Array(46 + nameBytes.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, 1 | 0x800, true);
    cv.setUint16(10, 8, true);
    cv.setUint16(12, DOS_TIME, true);
    cv.setUint16(14, DOS_DATE, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, body.length, true);
    cv.setUint32(24, data.length, true);
    cv.setUint16(28, nameBytes.length, true);
    cv.setUint32(42, offset, true);
    central.set(nameBytes, 46);
    locals.push(local, body);
    centrals.push(central);
    offset += local.length + body.length;
    count++;
  }
  const cdSize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, count, true);
  ev.setUint16(10, count, true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + cdSize + 22);
  let o = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, o);
    o += part.length;
  }
  return out;
}
