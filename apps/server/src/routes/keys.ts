/**
 * The server's RSA key (CONST-4): GET /api/auth/public-key gives the public half (base64 SPKI,
 * RSA-OAEP 2048 / SHA-256); a client encrypts a secret with it in 190-byte chunks of 256-byte
 * blocks (@copperplate/format's rsaEncryptChunks), e.g. the password of an encrypted archive
 * (X-Archive-Password-Rsa on the import call, IMP-10). One key pair per running server, made on
 * first use, never stored.
 */
import type { FastifyInstance } from 'fastify';
import { RSA_CHUNK } from '@copperplate/model';
import { base64, rsaDecryptChunks, rsaKeyPair } from '@copperplate/format';
import type { Ctx } from '../context.ts';
import { route } from '../http.ts';

const keys = new WeakMap<Ctx, Promise<{ privateKey: CryptoKey; publicKey: string }>>();
function keyOf(ctx: Ctx) {
  let k = keys.get(ctx);
  if (!k) keys.set(ctx, (k = rsaKeyPair()));
  return k;
}

/** Decrypts a base64 secret a client encrypted with the public key; undefined when it does not decrypt. */
export async function decryptSecret(ctx: Ctx, b64: string): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await rsaDecryptChunks((await keyOf(ctx)).privateKey, base64.decode(b64)));
  } catch {
    return undefined;
  }
}

export function keyRoutes(app: FastifyInstance, ctx: Ctx): void {
  route(app, ctx, { method: 'GET', url: '/api/auth/public-key', summary: 'The server RSA public key (base64 SPKI, RSA-OAEP 2048 SHA-256; chunks of 190 bytes, blocks of 256)', access: 'public' }, async () => ({
    key: (await keyOf(ctx)).publicKey,
    chunk: { encrypt: RSA_CHUNK.ENCRYPT, decrypt: RSA_CHUNK.DECRYPT },
  }));
}
