/** A small HTTP client for tests: keeps the cookies of one user and sends the CSRF header. */
import { gzipSync } from 'node:zlib';

export interface Envelope<T = unknown> { code: number; result?: T; message?: string }

export class Client {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const k = pair.slice(0, i).trim();
      const v = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (!v || expired) this.cookies.delete(k);
      else this.cookies.set(k, v);
    }
  }

  async raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, opts: { gzip?: boolean; csrf?: boolean } = {}): Promise<Response> {
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.cookie = this.cookieHeader();
    const csrf = this.cookies.get('cp_csrf');
    if (method !== 'GET' && csrf && opts.csrf !== false) h['x-csrf-token'] = csrf;
    let payload: BodyInit | undefined;
    if (body instanceof Uint8Array) {
      payload = body as unknown as BodyInit;
      h['content-type'] ??= 'application/octet-stream';
    } else if (body !== undefined) {
      const text = JSON.stringify(body);
      h['content-type'] = 'application/json';
      if (opts.gzip) {
        payload = gzipSync(text) as unknown as BodyInit;
        h['content-encoding'] = 'gzip';
      } else payload = text;
    }
    const res = await fetch(this.base + path, { method, headers: h, body: payload });
    this.keep(res);
    return res;
  }

  async call<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, opts: { gzip?: boolean; csrf?: boolean } = {}): Promise<Envelope<T> & { status: number }> {
    const res = await this.raw(method, path, body, headers, opts);
    const text = await res.text();
    let j: Envelope<T>;
    try {
      j = JSON.parse(text) as Envelope<T>;
    } catch {
      j = { code: -1, message: text.slice(0, 200) };
    }
    return { ...j, status: res.status };
  }

  get<T = unknown>(path: string) {
    return this.call<T>('GET', path);
  }
  post<T = unknown>(path: string, body: unknown = {}, headers: Record<string, string> = {}, opts: { gzip?: boolean; csrf?: boolean } = {}) {
    return this.call<T>('POST', path, body, headers, opts);
  }

  async signup(username: string, password = 'secret-pass'): Promise<this> {
    const r = await this.post('/api/auth/signup', { username, password });
    if (r.code !== 0) throw new Error(`signup ${username}: ${r.code} ${r.message}`);
    return this;
  }
  async login(username: string, password = 'secret-pass') {
    return this.post('/api/auth/login', { username, password });
  }
}
