/**
 * A scripted in-process Transport that follows docs/API.md semantics (tickets, incremental snapshot,
 * read, compare-and-set bulk, request-id idempotency). For rule-level unit tests only; the
 * simulation and integration tests use the real server.
 */
import { CODES, NAMED_ERRORS } from '@copperplate/model';
import { KIND_INFO, type Answer, type BulkItem, type BulkResult, type ItemData, type Kind, type ProjectDetail, type TicketAnswer, type Transport } from '@copperplate/sync';

interface Row { data: ItemData; ticket: number; }

export class FakeServer implements Transport {
  g = 0;
  items = new Map<Kind, Map<string, Row>>();
  deletedAt = new Map<string, number>();
  seen = new Map<string, Answer<BulkResult[]>>();
  calls: { op: string; kind?: Kind; n?: number; ids?: string[] }[] = [];
  /** Set to make calls fail like a network error. */
  down = false;
  /** Per-call hook to script answers: return an Answer to answer with it instead. */
  script: ((op: string, kind?: Kind, data?: BulkItem[]) => Answer<unknown> | undefined) | null = null;
  modifier = 'alice';
  /** The ticket format version the answers carry (CONST-4). */
  ticketVersion = '1.0';

  constructor(readonly uuid = 'P0000000000000000000000000000001') {}

  private map(kind: Kind): Map<string, Row> {
    let m = this.items.get(kind);
    if (!m) this.items.set(kind, (m = new Map()));
    return m;
  }
  /** Writes as another client would (advances g_ticket). */
  put(kind: Kind, data: ItemData): number {
    const key = String(data[KIND_INFO[kind].key]);
    const t = ++this.g;
    this.map(kind).set(key, { data: { ...data }, ticket: t });
    return t;
  }
  remove(kind: Kind, key: string): void {
    this.map(kind).delete(key);
    this.deletedAt.set(`${kind}\u0000${key}`, ++this.g);
  }
  get(kind: Kind, key: string): Row | undefined { return this.map(kind).get(key); }

  private net<T>(): Answer<T> { return { success: false, message: NAMED_ERRORS.NETWORK_ERROR_ANSWER }; }

  async getDetail(project: string): Promise<Answer<ProjectDetail>> {
    this.calls.push({ op: 'detail' });
    if (this.down) return this.net();
    const s = this.script?.('detail');
    if (s) return s as Answer<ProjectDetail>;
    if (project !== this.uuid) return { success: false, code: 4000002, message: 'No permission or project does not exist' };
    return { success: true, result: { uuid: this.uuid, title: 'T', g_ticket: this.g, modifier: { nickname: this.modifier } } };
  }

  async getTickets(_p: string, gTicket: number): Promise<Answer<TicketAnswer>> {
    this.calls.push({ op: 'ticket', n: gTicket });
    if (this.down) return this.net();
    const out: TicketAnswer = { version: this.ticketVersion, g_ticket: this.g };
    for (const [kind, m] of this.items) {
      const name = KIND_INFO[kind].maps[0];
      const mm: Record<string, number> = {};
      for (const [k, r] of m) if (gTicket < 0 || r.ticket > gTicket) mm[k] = r.ticket;
      out[name] = mm;
    }
    if (gTicket >= 0) {
      const del: Record<string, string[]> = {};
      for (const [id, t] of this.deletedAt) {
        if (t <= gTicket) continue;
        const [kind, key] = id.split('\u0000') as [Kind, string];
        if (this.map(kind).has(key)) continue;
        (del[KIND_INFO[kind].maps[0]] ??= []).push(key);
      }
      out.deleted = del;
    }
    return { success: true, result: out };
  }

  async read(_p: string, kind: Kind, ids: string[]): Promise<Answer<ItemData[]>> {
    this.calls.push({ op: 'read', kind, ids });
    if (this.down) return this.net();
    const m = this.map(kind);
    return { success: true, result: ids.filter((i) => m.has(i)).map((i) => ({ ...m.get(i)!.data, ticket: m.get(i)!.ticket })) };
  }

  async bulk(_p: string, kind: Kind, data: BulkItem[], requestId: string): Promise<Answer<BulkResult[]>> {
    this.calls.push({ op: 'bulk', kind, n: data.length });
    if (this.down) return this.net();
    const s = this.script?.('bulk', kind, data);
    if (s) return s as Answer<BulkResult[]>;
    const prev = this.seen.get(requestId);
    if (prev) return prev;
    const m = this.map(kind);
    const res: BulkResult[] = data.map((d) => {
      const { base_ticket, deleted, ...rest } = d;
      const key = String(rest[KIND_INFO[kind].key]);
      const cur = m.get(key);
      if ((cur?.ticket ?? 0) !== (base_ticket ?? 0)) return { success: false, code: CODES.STALE_TICKET, message: NAMED_ERRORS.DIFF_TICKET, result: { ticket: cur?.ticket ?? 0 } };
      if (deleted) { this.remove(kind, key); return { success: true, result: { key, ticket: this.g, updateTime: 1 } }; }
      const t = this.put(kind, rest);
      return { success: true, result: { key, ticket: t, updateTime: 1 } };
    });
    const ans: Answer<BulkResult[]> = { success: true, result: res };
    this.seen.set(requestId, ans);
    return ans;
  }
}
