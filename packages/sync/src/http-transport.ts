/**
 * The Transport over HTTP (docs/API.md), browser-safe (fetch, no Node APIs).
 * - CALL-1 X-Project-Path header; CALL-2 X-CSRF-Token from the cp_csrf cookie on non-GET requests;
 * - CALL-3 POST bodies over 10000 bytes gzipped (fflate) with Content-Encoding: gzip;
 * - X-Request-Id on writes (idempotent retries);
 * - CALL-7 answers: a failed or unparseable response, HTTP 404, 5xx or a network error resolve as
 *   {success: false, message: 'Network Error!'}; FETCH-1: only code 0 gives the result, a JSON body
 *   without a code is 'invalid response' and the body; other codes keep code and message (CALL-8);
 * - CALL-4 multipart forms (backups, archive): arrays as key[], objects as key[field].
 */
import { gzipSync, strToU8 } from 'fflate';
import { BULK_CHUNK, BULK_LIMIT, GZIP_THRESHOLD_BYTES, NAMED_ERRORS, CODE_MESSAGES, acceptResponse, formEntries } from '@copperplate/model';
import type { Kind } from './kinds.ts';
import type { BackupFields } from './backup.ts';
import type { Answer, BulkItem, BulkResult, ItemData, ProjectDetail, TicketAnswer, Transport } from './types.ts';

/** Where cookies live: document.cookie in the browser, a jar in Node (tests, CLI). */
export interface CookieAccess {
  get(name: string): string | undefined;
  /** Cookie header to send (Node); undefined in browsers, which send cookies themselves. */
  header(): string | undefined;
  /** Stores Set-Cookie values of a response (Node). */
  store(res: Response): void;
}

export class DocumentCookies implements CookieAccess {
  get(name: string): string | undefined {
    const doc = (globalThis as { document?: { cookie: string } }).document;
    const m = doc?.cookie.split(/;\s*/).find((c) => c.startsWith(name + '='));
    return m ? decodeURIComponent(m.slice(name.length + 1)) : undefined;
  }
  header(): undefined { return undefined; }
  store(): void {}
}

export class CookieJar implements CookieAccess {
  private jar = new Map<string, string>();
  get(name: string): string | undefined { return this.jar.get(name); }
  header(): string | undefined {
    return this.jar.size ? [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }
  store(res: Response): void {
    const h = res.headers as Headers & { getSetCookie?: () => string[] };
    const list = h.getSetCookie ? h.getSetCookie() : (res.headers.get('set-cookie') ?? '').split(/,(?=\s*[^;,=\s]+=)/).filter(Boolean);
    for (const c of list) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      if (i <= 0) continue;
      const k = pair.slice(0, i).trim(), v = pair.slice(i + 1).trim();
      if (v === '' || /max-age=0/i.test(c)) this.jar.delete(k);
      else this.jar.set(k, v);
    }
  }
}

export interface HttpTransportOptions {
  /** Base URL of the server ('' for same origin in the browser); may change (server restart). */
  baseUrl: string | (() => string);
  fetch?: typeof fetch;
  cookies?: CookieAccess;
}

export class HttpTransport implements Transport {
  private f: typeof fetch;
  readonly cookies: CookieAccess;
  requests = 0;
  bytesSent = 0;
  constructor(private o: HttpTransportOptions) {
    this.f = o.fetch ?? ((...a) => fetch(...a));
    this.cookies = o.cookies ?? (typeof (globalThis as { document?: unknown }).document !== 'undefined' ? new DocumentCookies() : new CookieJar());
  }

  private url(path: string): string {
    return (typeof this.o.baseUrl === 'function' ? this.o.baseUrl() : this.o.baseUrl) + path;
  }

  /** One call; answers per CALL-7. */
  async call<T>(method: 'GET' | 'POST', path: string, opts: { body?: unknown; project?: string; requestId?: string } = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.project) headers['x-project-path'] = opts.project;
    if (opts.requestId) headers['x-request-id'] = opts.requestId;
    const cookie = this.cookies.header();
    if (cookie) headers.cookie = cookie;
    let body: BodyInit | undefined;
    if (method !== 'GET') {
      const csrf = this.cookies.get('cp_csrf');
      if (csrf) headers['x-csrf-token'] = csrf;
      const text = JSON.stringify(opts.body ?? {});
      headers['content-type'] = 'application/json';
      const bytes = strToU8(text);
      if (bytes.length > GZIP_THRESHOLD_BYTES) {
        const gz = gzipSync(bytes);
        headers['content-encoding'] = 'gzip';
        body = gz as unknown as BodyInit;
        this.bytesSent += gz.length;
      } else {
        body = text;
        this.bytesSent += bytes.length;
      }
    }
    this.requests++;
    let res: Response;
    try {
      res = await this.f(this.url(path), { method, headers, body, credentials: 'include' });
    } catch {
      return netError();
    }
    return this.answer<T>(res);
  }

  getDetail(project: string): Promise<Answer<ProjectDetail>> {
    return this.call('GET', `/api/projects/${encodeURIComponent(project)}`, { project });
  }
  getTickets(project: string, gTicket: number): Promise<Answer<TicketAnswer>> {
    return this.call('GET', `/api/projects/${encodeURIComponent(project)}/ticket?g_ticket=${gTicket}`, { project });
  }
  read(project: string, kind: Kind, ids: string[]): Promise<Answer<ItemData[]>> {
    return this.call('POST', `/api/projects/${encodeURIComponent(project)}/read/${kind}`, { project, body: { ids } });
  }
  /**
   * CALL-5: a bulk send of at most BULK_LIMIT (100) items goes in chunks of BULK_CHUNK (10), one after
   * the other, each under its own request id (`<id>.<n>`: a retry with the same id and items re-sends
   * the same chunks, answered from the server's stored answers where they landed); the answers are
   * joined in order. A failed chunk fails the call (the caller settles it with the same id).
   */
  async bulk(project: string, kind: Kind, data: BulkItem[], requestId: string): Promise<Answer<BulkResult[]>> {
    if (data.length > BULK_LIMIT) return { success: false, message: `${NAMED_ERRORS.UPLOAD_FAILED} (${data.length} items, at most ${BULK_LIMIT})` };
    const out: BulkResult[] = [];
    for (let i = 0; i < data.length; i += BULK_CHUNK) {
      const chunk = data.slice(i, i + BULK_CHUNK);
      const id = data.length > BULK_CHUNK ? `${requestId}.${i / BULK_CHUNK}` : requestId;
      const a = await this.call<BulkResult[]>('POST', `/api/projects/${encodeURIComponent(project)}/bulk/${kind}`, { project, body: { data: chunk }, requestId: id });
      if (!a.success) return a;
      out.push(...a.result);
    }
    return { success: true, result: out };
  }

  /**
   * The multipart backups call (SPEC §7): upload (the project's .epro bytes when given; else the
   * server backs up the cloud copy, which the upload loop keeps current), limit (only when auto is
   * YES), project_uuid, auto, name, description, ticket, path. `signal` aborts it (CLOSE-1).
   */
  backup(project: string, f: BackupFields, signal?: AbortSignal, upload?: Uint8Array): Promise<Answer<unknown>> {
    const { limit, ...rest } = f;
    const fields = { ...rest, ...(f.auto === 'YES' && limit !== undefined ? { limit } : {}) };
    return this.multipart(`/api/projects/${encodeURIComponent(project)}/backups`, project, fields, upload, signal);
  }

  /** The multipart archive call (SPEC §7): upload (optional, as for backups), project_uuid, name, description. */
  archive(project: string, f: { name: string; description: string }, upload?: Uint8Array): Promise<Answer<unknown>> {
    return this.multipart(`/api/projects/${encodeURIComponent(project)}/archive`, project, { project_uuid: project, ...f }, upload);
  }

  /** A multipart form call: fields written by CALL-4 (arrays key[], objects key[field]), the file as part `upload`. */
  private async multipart(path: string, project: string, fields: Record<string, unknown>, upload?: Uint8Array, signal?: AbortSignal): Promise<Answer<unknown>> {
    const form = new FormData();
    for (const [k, v] of formEntries(fields)) form.append(k, v);
    if (upload) form.append('upload', new Blob([upload as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }), `${project}.epro`);
    const headers: Record<string, string> = { accept: 'application/json', 'x-project-path': project };
    const cookie = this.cookies.header();
    if (cookie) headers.cookie = cookie;
    const csrf = this.cookies.get('cp_csrf');
    if (csrf) headers['x-csrf-token'] = csrf;
    this.requests++;
    let res: Response;
    try {
      res = await this.f(this.url(path), { method: 'POST', headers, body: form, credentials: 'include', signal });
    } catch (e) {
      if (signal?.aborted) throw e;
      return netError();
    }
    return this.answer(res);
  }

  /**
   * The answer of a response: CALL-7 (HTTP 404, 5xx, a body that is not JSON: 'Network Error!'), then
   * FETCH-1 (only code 0 is accepted and gives the result; a JSON body without a numeric code is
   * 'invalid response' followed by the body), then CALL-8 (a refusal keeps its code, with the
   * catalogue message for it, else the server's, else 'invalid response' and the body).
   */
  private async answer<T>(res: Response): Promise<Answer<T>> {
    this.cookies.store(res);
    if (res.status === 404 || res.status >= 500) return netError();
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      return netError();
    }
    try {
      return { success: true, result: acceptResponse<T>(json) };
    } catch (e) {
      const invalid = e instanceof Error ? e.message : NAMED_ERRORS.INVALID_RESPONSE;
      const code = (json as { code?: unknown } | null)?.code;
      if (typeof code !== 'number') return { success: false, message: invalid };
      const server = (json as { message?: unknown }).message;
      const mapped = (CODE_MESSAGES as Record<number, string>)[code];
      // a catalogue template whose {placeholders} only the server could fill: the server's message
      const message = mapped !== undefined && !/\{\w+\}/.test(mapped) ? mapped : typeof server === 'string' && server ? server : mapped ?? invalid;
      return { success: false, code, message };
    }
  }

  // Account and project calls used by the app and the simulation.
  signup(username: string, password: string) { return this.call<{ user: unknown }>('POST', '/api/auth/signup', { body: { username, password } }); }
  login(username: string, password: string) { return this.call<{ user: unknown }>('POST', '/api/auth/login', { body: { username, password } }); }
  createProject(title: string) { return this.call<ProjectDetail>('POST', '/api/projects', { body: { title } }); }
  onlineVersion() { return this.call<{ version: string }>('GET', '/api/getOnlineVersion'); }
}

function netError<T>(): Answer<T> {
  return { success: false, message: NAMED_ERRORS.NETWORK_ERROR_ANSWER };
}
