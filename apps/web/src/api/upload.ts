/**
 * The .epro import upload with upload progress (XMLHttpRequest: fetch has no upload progress).
 * Same envelope, CSRF and 401 handling as http.ts.
 */
import { CODES, NAMED_ERRORS } from '@copperplate/model';
import { ApiError, NETWORK_CODE, messageFor, readCookie } from './http.ts';
import { ImportAnswerSchema, type ImportAnswer } from './schemas.ts';

/** `path`: the import call (default the .epro import; KiCad input goes to /api/projects/import/kicad). */
export function importWithProgress(bytes: Uint8Array, name: string, onProgress: (share: number) => void, path = '/api/projects/import', password?: string): Promise<ImportAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${path}?name=${encodeURIComponent(name)}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    const csrf = readCookie('cp_csrf');
    if (csrf) xhr.setRequestHeader('X-CSRF-Token', csrf);
    if (password !== undefined) xhr.setRequestHeader('X-Archive-Password', encodeURIComponent(password)); // IMP-10
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
