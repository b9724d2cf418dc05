/**
 * The page's transport with content by reference (CALL-6): read calls ask the server to send texts of
 * CONTENT_BY_REFERENCE_BYTES or more as dataStrId + key + iv; the content is then fetched (at most
 * CONTENT_FETCH_CONCURRENCY at a time), decrypted and decompressed (@copperplate/format's
 * resolveContent) before the engine stores it, so the local database holds plain dataStr as before.
 */
import { CONTENT_FETCH_CONCURRENCY, CatalogueError } from '@copperplate/model';
import { resolveContent } from '@copperplate/format';
import { HttpTransport, type Answer, type HttpTransportOptions, type ItemData, type Kind } from '@copperplate/sync';

/** Texts this large come by reference (compressed over the wire, fetched in parallel). */
export const CONTENT_BY_REFERENCE_BYTES = 256 * 1024;

/** Read calls carry the threshold; other calls go as they are. */
function withHeader(url: string, init: RequestInit | undefined, threshold: number): RequestInit | undefined {
  if (!/\/read\/[a-z]+$/.test(url.split('?')[0])) return init;
  return { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-content-by-reference': String(threshold) } };
}

export class ContentTransport extends HttpTransport {
  private readonly fetchImpl: typeof fetch;
  private readonly base: HttpTransportOptions['baseUrl'];
  constructor(o: HttpTransportOptions, readonly threshold = CONTENT_BY_REFERENCE_BYTES) {
    super({ ...o, fetch: (url, init) => (o.fetch ?? fetch)(url, withHeader(String(url), init, threshold)) });
    this.fetchImpl = o.fetch ?? ((...a) => fetch(...a));
    this.base = o.baseUrl;
  }
  private async fetchBytes(url: string): Promise<Uint8Array> {
    const base = typeof this.base === 'function' ? this.base() : this.base;
    const cookie = this.cookies.header();
    const res = await this.fetchImpl(url.startsWith('/') ? base + url : url, { headers: cookie ? { cookie } : {}, credentials: 'include' });
    if (!res.ok) throw CatalogueError.named('NET_ERROR');
    return new Uint8Array(await res.arrayBuffer());
  }
  override async read(project: string, kind: Kind, ids: string[]): Promise<Answer<ItemData[]>> {
    const r = await super.read(project, kind, ids);
    if (!r.success) return r;
    try {
      return { success: true, result: await resolveContent(r.result, (u) => this.fetchBytes(u), CONTENT_FETCH_CONCURRENCY) };
    } catch (e) {
      return { success: false, message: e instanceof Error ? e.message : String(e) };
    }
  }
}
