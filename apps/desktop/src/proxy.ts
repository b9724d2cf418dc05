/**
 * The desktop host's way to the cloud: `/api/*` requests of the app window are passed to the cloud
 * server (bodies and answers streamed, cookies both ways, WebSocket upgrades of the live channel
 * piped), and the cloud's state is watched with GET /api/getOnlineVersion (SPEC §7: the network
 * check). The host checks that a state-changing call comes from its own page (Origin) before it
 * presents it to the cloud as the cloud's own origin.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Duplex } from 'node:stream';

export type CloudState = 'online' | 'offline';

const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host']);

export class Cloud {
  state: CloudState = 'offline';
  private listeners = new Set<(s: CloudState) => void>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  readonly url: URL;

  /** `never`: mode OFFLINE, the cloud is never called. */
  constructor(cloudUrl: string, private readonly probeMs: number, readonly never = false) {
    this.url = new URL(cloudUrl);
  }

  onChange(fn: (s: CloudState) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
  private set(s: CloudState): void {
    if (s === this.state) return;
    this.state = s;
    for (const fn of this.listeners) fn(s);
  }

  /** One network check; returns the state it found. */
  async probe(): Promise<CloudState> {
    if (this.never) return this.state;
    try {
      const res = await fetch(new URL('/api/getOnlineVersion', this.url), { signal: AbortSignal.timeout(Math.max(1000, this.probeMs)) });
      const body = (await res.json()) as { code?: number };
      this.set(res.ok && body.code === 0 ? 'online' : 'offline');
    } catch {
      this.set('offline');
    }
    return this.state;
  }
  start(): void {
    const tick = async () => {
      if (this.stopped) return;
      await this.probe();
      if (!this.stopped) this.timer = setTimeout(tick, this.probeMs);
    };
    void tick();
  }
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private headersFor(req: IncomingMessage): Record<string, string | string[]> {
    const h: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP.has(k)) h[k] = v;
    h.host = this.url.host;
    if (h.origin) h.origin = this.url.origin; // checked against the host's own origin by the caller
    delete h.referer;
    return h;
  }
  private send(method: string, path: string, headers: Record<string, string | string[]>) {
    const make = this.url.protocol === 'https:' ? httpsRequest : httpRequest;
    return make({ protocol: this.url.protocol, hostname: this.url.hostname, port: this.url.port, method, path, headers });
  }

  /** Passes one request to the cloud and its answer back; an unreachable cloud answers 502 'Network Error!' (CALL-7). */
  forward(req: IncomingMessage, res: ServerResponse): void {
    const unreachable = () => {
      this.set('offline');
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 500, message: 'Network Error!' }));
    };
    if (this.never) return unreachable();
    const out = this.send(req.method ?? 'GET', req.url ?? '/', this.headersFor(req));
    out.on('response', (up) => {
      const h: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(up.headers)) if (v !== undefined && !HOP.has(k)) h[k] = v;
      res.writeHead(up.statusCode ?? 502, h);
      up.pipe(res);
    });
    out.on('error', unreachable);
    req.pipe(out);
  }

  /** The live channel: a WebSocket upgrade piped to the cloud. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.never) return void socket.destroy();
    const headers = this.headersFor(req);
    headers.connection = 'Upgrade';
    headers.upgrade = String(req.headers.upgrade ?? 'websocket');
    const out = this.send(req.method ?? 'GET', req.url ?? '/', headers);
    out.on('upgrade', (up, upSocket, upHead) => {
      const lines = [`HTTP/1.1 ${up.statusCode ?? 101} ${up.statusMessage ?? 'Switching Protocols'}`];
      for (let i = 0; i < up.rawHeaders.length; i += 2) lines.push(`${up.rawHeaders[i]}: ${up.rawHeaders[i + 1]}`);
      socket.write(lines.join('\r\n') + '\r\n\r\n');
      if (upHead.length) socket.write(upHead);
      if (head.length) upSocket.write(head);
      upSocket.pipe(socket).pipe(upSocket);
      const end = () => { upSocket.destroy(); socket.destroy(); };
      upSocket.on('error', end);
      socket.on('error', end);
      upSocket.on('close', end);
      socket.on('close', end);
    });
    out.on('response', (r) => { r.resume(); socket.destroy(); });
    out.on('error', () => { this.set('offline'); socket.destroy(); });
    out.end();
  }

  /** A call the host itself makes on behalf of the page, with the page's cookies (and CSRF token from them, CALL-2). */
  async call(method: 'GET' | 'POST', path: string, cookie: string | undefined, body?: BodyInit, headers: Record<string, string> = {}): Promise<{ status: number; json: { code?: number; result?: unknown; message?: string } }> {
    if (this.never) return { status: 502, json: { code: 500, message: 'Network Error!' } };
    const h: Record<string, string> = { accept: 'application/json', ...headers };
    if (cookie) {
      h.cookie = cookie;
      const csrf = /(?:^|;\s*)cp_csrf=([^;]*)/.exec(cookie)?.[1];
      if (csrf) h['x-csrf-token'] = decodeURIComponent(csrf);
    }
    try {
      const res = await fetch(new URL(path, this.url), { method, headers: h, body });
      return { status: res.status, json: (await res.json()) as { code?: number; result?: unknown; message?: string } };
    } catch {
      this.set('offline');
      return { status: 502, json: { code: 500, message: 'Network Error!' } };
    }
  }
}
