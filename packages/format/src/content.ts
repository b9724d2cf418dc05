/**
 * Content by reference (SPEC §7, CALL-6): a document's text may come as `dataStrId` (the URL to fetch)
 * with `key` and `iv` instead of `dataStr`. The fetched bytes are the AES-256-GCM encryption
 * (WebCrypto: ciphertext followed by the 16-byte tag) of the gzip-compressed UTF-8 text; key (32 bytes)
 * and iv (12 bytes) are base64. Decryption checks the tag: tampered bytes, or the wrong key or iv,
 * fail with 'invalid response'. WebCrypto is the platform's (browser and Node alike).
 */
import { gunzipSync, gzipSync, strFromU8, strToU8 } from 'fflate';
import { CatalogueError, RSA_CHUNK } from '@copperplate/model';

export interface SealedContent { bytes: Uint8Array; key: string; iv: string }

const subtle = () => globalThis.crypto.subtle;
const b64 = (u: Uint8Array) => btoa(Array.from(u, (c) => String.fromCharCode(c)).join(''));
const unb64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** Compresses and encrypts a text with a fresh key and iv. */
export async function sealContent(text: string): Promise<SealedContent> {
  const raw = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const key = await subtle().importKey('raw', raw, 'AES-GCM', false, ['encrypt']);
  const bytes = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, key, gzipSync(strToU8(text))));
  return { bytes, key: b64(raw), iv: b64(iv) };
}

/** Decrypts (checking the tag) and decompresses fetched content. */
export async function unsealContent(bytes: Uint8Array, key: string, iv: string): Promise<string> {
  let plain: ArrayBuffer;
  try {
    const k = await subtle().importKey('raw', unb64(key), 'AES-GCM', false, ['decrypt']);
    plain = await subtle().decrypt({ name: 'AES-GCM', iv: unb64(iv) }, k, bytes as Uint8Array<ArrayBuffer>);
  } catch {
    throw CatalogueError.named('INVALID_RESPONSE', {}, ': content by reference failed its check');
  }
  try {
    return strFromU8(gunzipSync(new Uint8Array(plain)));
  } catch {
    throw CatalogueError.named('INVALID_RESPONSE', {}, ': content by reference is not compressed text');
  }
}

/** Whether an item carries its content by reference (dataStrId with key and iv, no dataStr). */
export function isByReference(item: Record<string, unknown>): item is Record<string, unknown> & { dataStrId: string; key: string; iv: string } {
  return typeof item.dataStrId === 'string' && item.dataStrId !== '' && typeof item.key === 'string' && typeof item.iv === 'string' && typeof item.dataStr !== 'string';
}

/**
 * Replaces every by-reference item's content with the fetched, decrypted, decompressed text
 * (`fetchBytes` fetches a dataStrId URL), at most `concurrency` fetches at a time. The item keeps
 * its other fields; dataStrId, key and iv are dropped.
 */
export async function resolveContent<T extends Record<string, unknown>>(items: T[], fetchBytes: (url: string) => Promise<Uint8Array>, concurrency: number): Promise<T[]> {
  const out = items.slice();
  const todo = items.map((it, i) => [it, i] as const).filter(([it]) => isByReference(it));
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const [it, i] = todo[next++];
      const ref = it as unknown as { dataStrId: string; key: string; iv: string };
      const dataStr = await unsealContent(await fetchBytes(ref.dataStrId), ref.key, ref.iv);
      const { dataStrId: _d, key: _k, iv: _v, ...rest } = it as Record<string, unknown>;
      out[i] = { ...rest, dataStr } as unknown as T;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker));
  return out;
}

/**
 * RSA chunking (CONST-4): RSA-OAEP with a 2048-bit key and SHA-256 takes at most 190 bytes per block
 * (RSA_CHUNK.ENCRYPT) and gives 256-byte blocks (RSA_CHUNK.DECRYPT); longer data is cut into 190-byte
 * chunks, each encrypted, the blocks joined. Used for the archive password of an import (IMP-10), so
 * that it never travels or is logged as text.
 */
export const RSA_PARAMS = { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' } as const;

export async function rsaEncryptChunks(publicKeySpkiB64: string, data: Uint8Array): Promise<Uint8Array> {
  const key = await subtle().importKey('spki', unb64(publicKeySpkiB64), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const blocks: Uint8Array[] = [];
  for (let i = 0; i < data.length || (i === 0 && data.length === 0); i += RSA_CHUNK.ENCRYPT) {
    blocks.push(new Uint8Array(await subtle().encrypt({ name: 'RSA-OAEP' }, key, data.slice(i, i + RSA_CHUNK.ENCRYPT))));
    if (data.length === 0) break;
  }
  const out = new Uint8Array(blocks.length * RSA_CHUNK.DECRYPT);
  blocks.forEach((b, i) => out.set(b, i * RSA_CHUNK.DECRYPT));
  return out;
}

export async function rsaDecryptChunks(privateKey: CryptoKey, data: Uint8Array): Promise<Uint8Array> {
  if (data.length === 0 || data.length % RSA_CHUNK.DECRYPT !== 0) throw CatalogueError.named('INVALID_RESPONSE', {}, ': not whole RSA blocks');
  const parts: Uint8Array[] = [];
  for (let i = 0; i < data.length; i += RSA_CHUNK.DECRYPT) {
    try {
      parts.push(new Uint8Array(await subtle().decrypt({ name: 'RSA-OAEP' }, privateKey, data.slice(i, i + RSA_CHUNK.DECRYPT))));
    } catch {
      throw CatalogueError.named('INVALID_RESPONSE', {}, ': an RSA block failed its check');
    }
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
}

/** A fresh RSA key pair; the public key as base64 SPKI (what a client encrypts with). */
export async function rsaKeyPair(): Promise<{ privateKey: CryptoKey; publicKey: string }> {
  const pair = (await subtle().generateKey(RSA_PARAMS, true, ['encrypt', 'decrypt'])) as CryptoKeyPair;
  return { privateKey: pair.privateKey, publicKey: b64(new Uint8Array(await subtle().exportKey('spki', pair.publicKey))) };
}

export const base64 = { encode: b64, decode: unb64 };
