/**
 * The .epro import upload with upload progress (XMLHttpRequest: fetch has no upload progress).
 * Same envelope, CSRF and 401 handling as http.ts.
 */
import { CODES, NAMED_ERRORS } from '@copperplate/model';
import { base64, rsaEncryptChunks } from '@copperplate/format';
import { ApiError, NETWORK_CODE, messageFor, readCookie, request } from './http.ts';
import { ImportAnswerSchema, type ImportAnswer } from './schemas.ts';

/** A secret encrypted with the server's RSA key (CONST-4 chunks), base64: the archive password travels so. */
export async function sealForServer(secret: string): Promise<string> {
  const { key } = await request<{ key: string }>('GET', '/api/auth/public-key');
  return base64.encode(await rsaEncryptChunks(key, new TextEncoder().encode(secret)));
}

/** `path`: the import call (default the .epro import; KiCad input goes to /api/projects/import/kicad). */
export async function importWithProgress(bytes: Uint8Array, name: string, onProgress: (share: number) => void, path = '/api/projects/import', password?: string): Promise<ImportAnswer> {
  const sealed = password === undefined ? undefined : await sealForServer(password);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${path}?name=${encodeURIComponent(name)}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    const csrf = readCookie('cp_csrf');
    if (csrf) xhr.setRequestHeader('X-CSRF-Token', csrf);
    if (sealed !== undefined) xhr.setRequestHeader('X-Archive-Password-Rsa', sealed); // IMP-10, encrypted for the server
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(NETWORK_CODE, NAMED_ERRORS.NETWORK_ERROR_ANSWER));
    xhr.onload = () => {
      if (xhr.status === 401) return reject(new ApiError(CODES.NOT_LOGGED_IN, messageFor(CODES.NOT_LOGGED_IN, undefined)));
      let env: { code?: unknown; message?: string; result?: unknown };
      try {
        env = JSON.parse(xhr.responseText);
      } catch {
        return reject(new ApiError(NETWORK_CODE, NAMED_ERRORS.NETWORK_ERROR_ANSWER));
      }
      if (typeof env?.code !== 'number') return reject(new ApiError(NETWORK_CODE, NAMED_ERRORS.NETWORK_ERROR_ANSWER));
      if (env.code !== 0) return reject(new ApiError(env.code, messageFor(env.code, env.message), env.result));
      const parsed = ImportAnswerSchema.safeParse(env.result);
      if (!parsed.success) return reject(new ApiError(NETWORK_CODE, NAMED_ERRORS.NETWORK_ERROR_ANSWER));
      resolve(parsed.data);
    };
    xhr.send(bytes as Uint8Array<ArrayBuffer>);
  });
}
