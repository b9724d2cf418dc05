/**
 * The upload loop of SPEC §4 (UP-1..10, ERR-3): gather pending items, upload them kind by kind in
 * UP-1 order and UP-8 batch sizes, retry after 1 s until no failures remain, stop on 1000002/1000008.
 * Compare-and-set on the server (base_ticket); a stale refusal (4090001) is merged three ways; a
 * schematic refused for its name (1000001/11000) is renamed and sent again (ERR-2).
 */
import { CODES, DUPLICATE_NAME_CODES, NAMED_ERRORS, RENAME_MAX_TRIES, STOP_UPLOAD_CODES, SYNC, messageForCode, suffixedTitle } from '@copperplate/model';
import { applyServerVersion } from './apply.ts';
import { answersItem, applySuccess, bulkBody, settleSent } from './outbox.ts';
import { batchSize, KIND_INFO, UPLOAD_SEQUENCE, type Kind } from './kinds.ts';
import { editedTicket, isPending } from './tickets.ts';
import type { Services, WarningItem } from './context.ts';
import type { BulkItem, BulkResult, ItemData, LocalItem } from './types.ts';

export interface RoundResult { uploaded: number; failures: number; stop: boolean; }

export class Uploader {
  processing = false;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: number | null = null;
  stopped = false;
  /** Answers of the last round (for tests and the simulation). */
  lastRound: RoundResult | null = null;
  /** ERR-2: schematics refused for their name: the name first refused and the last suffix tried, by key. */
  private renames = new Map<string, { base: string; n: number }>();

  constructor(private s: Services, private project: string, private modifierOf: (theirs: ItemData | null) => Promise<string>, private names: (i: LocalItem) => string, private readonly: boolean) {}

  /** UP-7: schedule an upload (after `ms`); several requests coalesce. */
  schedule(ms = 0): void {
    if (this.stopped || this.readonly) return;
    if (this.timer !== null) return;
    this.timer = this.s.clock.setTimeout(() => { this.timer = null; void this.run(); }, ms);
  }

  /** Runs the loop now (single flight: a call while running makes the loop go round once more). */
  run(): Promise<void> {
    if (this.stopped || this.readonly || this.s.mode() === 'OFFLINE') return Promise.resolve();
    if (this.running) { this.again = true; return this.running; }
    this.running = this.loop().catch(() => { this.setProcessing(false); this.schedule(SYNC.RETRY_WAIT_MS); }).finally(() => { this.running = null; });
    return this.running;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.s.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  get busy(): boolean { return this.running !== null || this.timer !== null; }

  private setProcessing(on: boolean): void {
    if (this.processing === on) return;
    this.processing = on;
    this.s.events.emit('processing', { project: this.project, on });
  }

  private async loop(): Promise<void> {
    const lockUuid = `${this.project}:upload`;
    for (;;) {
      if (this.stopped || this.s.mode() === 'OFFLINE') return;
      this.again = false;
      const grant = await this.s.locks.acquireLock(lockUuid, 'upload').catch(() => undefined);
      if (!grant) {
        // Another tab uploads this project now (project lock); look again after the retry wait.
        this.schedule(SYNC.RETRY_WAIT_MS);
        return;
      }
      let r: RoundResult;
      try {
        this.setProcessing(true);
        r = await this.round(grant);
      } catch {
        // UP-2: on an exception wait 1 s and retry.
        this.setProcessing(false);
        await this.s.locks.releaseLock(lockUuid, grant.ticket).catch(() => false);
        await this.s.clock.sleep(SYNC.RETRY_WAIT_MS);
        continue;
      }
      await this.s.locks.releaseLock(lockUuid, grant.ticket).catch(() => false);
      this.lastRound = r;
      this.setProcessing(false);
      if (r.stop) return; // ERR-3
      if (r.failures === 0 && !this.again) {
        // Edits made during the round are pending again: go round once more if any.
        const left = await this.s.store.listPending(this.project).then((l) => l.filter((i) => !i.held), () => null);
        if (left && !left.length) return;
      }
      // UP-2: retry after 1 s.
      await this.s.clock.sleep(r.failures ? SYNC.RETRY_WAIT_MS : 0);
    }
  }

  /** One pass over all pending items. */
  async round(grant: { lockUuid: string; ticket: number }): Promise<RoundResult> {
    const res: RoundResult = { uploaded: 0, failures: 0, stop: false };
    const pending = (await this.s.store.listPending(this.project)).filter((i) => !i.held);
    for (const kind of UPLOAD_SEQUENCE) {
      const items = pending.filter((i) => i.kind === kind);
      const size = batchSize(kind, this.s.build);
      for (let i = 0; i < items.length && !res.stop; i += size) {
        if (this.stopped) return res;
        if (!(await this.s.locks.holds(grant))) { res.failures++; return res; }
        await this.s.locks.acquireLock(grant.lockUuid, 'upload'); // renew the lease
        await this.batch(kind, items.slice(i, i + size), res);
      }
      if (res.stop) break;
    }
    return res;
  }

  private async batch(kind: Kind, listed: LocalItem[], res: RoundResult): Promise<void> {
    const { store, transport, events } = this.s;
    // Writes whose answer never came are settled first (same request id), so the base is right.
    if (listed.some((it) => it.sent)) {
      const o = await settleSent(this.s, this.project, ...listed.filter((it) => it.sent));
      if (o === 'unknown') { res.failures++; return; }
    }
    const requestId = this.s.nextRequestId();
    // UP-3: skip items whose ticket changed since they were gathered; mark the rest uploading (TKT-4)
    // and record what is sent under which request id.
    const sent: LocalItem[] = [];
    for (const it of listed) {
      const marked = await store.updateItem(this.project, kind, it.key, (cur) => {
        if (!cur || cur.ticket !== it.ticket || !isPending(cur.ticket) || cur.held || cur.sent) return undefined;
        return { ...cur, status: 0, sent: { requestId, index: sent.length, ticket: cur.ticket, data: cur.data, baseTicket: cur.baseTicket } };
      });
      if (marked) sent.push(marked); // else skipped (UP-3): the next round takes its newer version
    }
    if (!sent.length) return;
    const body: BulkItem[] = sent.map((it) => bulkBody(it));
    const ans = await transport.bulk(this.project, kind, body, requestId);
    if (!ans.success) {
      // Unknown outcome: `sent` stays, the retry settles it.
      for (const it of sent) await this.markFailed(it);
      res.failures += sent.length;
      if (ans.code !== undefined && STOP_UPLOAD_CODES.includes(ans.code)) res.stop = true;
      events.emit('upload-error', { project: this.project, kind, code: ans.code, message: toastMessage(ans.code, ans.message) });
      return;
    }
    const answers = ans.result;
    for (let n = 0; n < sent.length; n++) {
      const it = sent[n];
      const a: BulkResult | undefined = answers[n];
      if (a?.success && a.result && typeof a.result.ticket === 'number' && answersItem(a, it.key)) {
        await applySuccess(this.s, this.project, kind, it.key, it.ticket, it.data, a.result.ticket, a.result.updateTime);
        res.uploaded++;
        continue;
      }
      await this.clearSent(it);
      if (a && a.code === CODES.DOCUMENT_NOT_EXISTS && it.data === null) {
        // Deleting what the cloud no longer has: done.
        await this.s.store.updateItem(this.project, kind, it.key, (cur) => (cur && cur.ticket === it.ticket ? null : undefined));
      } else if (a && kind === 'schematics' && a.code !== undefined && DUPLICATE_NAME_CODES.includes(a.code) && it.data !== null && (await this.renameSchematic(it))) {
        res.failures++; // sent again under its new name after the retry wait
      } else if (a && a.code === CODES.STALE_TICKET) {
        const serverTicket = Number(a.result?.ticket ?? 0);
        const again = await this.stale(it, serverTicket);
        if (again) res.failures++;
      } else {
        await this.markFailed(it);
        res.failures++;
        if (a?.code !== undefined && STOP_UPLOAD_CODES.includes(a.code)) res.stop = true;
        events.emit('upload-error', { project: this.project, kind, key: it.key, code: a?.code, message: toastMessage(a?.code, a?.message) });
      }
    }
  }

  /**
   * ERR-2: a schematic the server refused because the project has another of that name gets the
   * next free `name_N` (free among the local schematics; the server says whether it is free there)
   * and goes round again, until none is refused. False when RENAME_MAX_TRIES names were refused.
   */
  private async renameSchematic(it: LocalItem): Promise<boolean> {
    const name = String(it.data?.name ?? '');
    let r = this.renames.get(it.key);
    if (!r || name !== suffixedTitle(r.base, r.n)) r = { base: name, n: 0 }; // renamed by the user meanwhile: start again
    const taken = new Set((await this.s.store.listItems(this.project, 'schematics')).filter((x) => x.key !== it.key && x.data).map((x) => String(x.data!.name)));
    do r.n++;
    while (r.n <= RENAME_MAX_TRIES && taken.has(suffixedTitle(r.base, r.n)));
    if (r.n > RENAME_MAX_TRIES) {
      this.renames.delete(it.key);
      return false;
    }
    this.renames.set(it.key, r);
    const next = suffixedTitle(r.base, r.n);
    const renamed = await this.s.store.updateItem(this.project, 'schematics', it.key, (cur) =>
      cur && cur.ticket === it.ticket && cur.data ? { ...cur, ticket: editedTicket(cur.ticket), data: { ...cur.data, name: next, display_name: next } } : undefined);
    if (renamed) this.s.events.emit('documents-changed', { project: this.project, items: [{ kind: 'schematics', key: it.key }] });
    return true;
  }

  private async clearSent(it: LocalItem): Promise<void> {
    await this.s.store.updateItem(this.project, it.kind, it.key, (cur) => {
      if (!cur?.sent || cur.sent.requestId !== it.sent?.requestId) return undefined;
      const { sent: _x, ...rest } = cur;
      return rest;
    });
  }

  private async markFailed(it: LocalItem): Promise<void> {
    await this.s.store.updateItem(this.project, it.kind, it.key, (cur) => (cur && cur.status === 0 ? { ...cur, status: 1 } : undefined));
  }

  /** A stale refusal: fetch the server's version and merge three ways. Returns true when an upload must follow. */
  private async stale(it: LocalItem, serverTicket: number): Promise<boolean> {
    const read = await this.s.transport.read(this.project, it.kind, [it.key]);
    if (!read.success) { await this.markFailed(it); return true; }
    const keyField = KIND_INFO[it.kind].key;
    const theirs = read.result.find((d) => String(d[keyField]) === it.key) ?? null;
    const ticket = theirs && typeof theirs.ticket === 'number' ? theirs.ticket : serverTicket;
    let outcome = '';
    let conflicts: string[] = [];
    let held: LocalItem | undefined;
    await this.s.store.updateItem(this.project, it.kind, it.key, (cur) => {
      const r = applyServerVersion(this.project, it.kind, it.key, cur, theirs, ticket, '');
      outcome = r.outcome;
      conflicts = r.conflicts ?? [];
      if (r.next && r.outcome === 'merged') return { ...r.next, ticket: editedTicket(r.next.ticket) };
      if (r.next && r.outcome === 'conflict') held = r.next;
      return r.next;
    });
    if (outcome === 'conflict' && held) {
      const modifier = await this.modifierOf(theirs);
      await this.s.store.updateItem(this.project, it.kind, it.key, (cur) => (cur?.held ? { ...cur, held: { ...cur.held, modifier } } : undefined));
      const w: WarningItem = {
        kind: it.kind, key: it.key, name: this.names(held), content: conflicts.join(', '),
        beforeUploading: held.baseTicket, updated: ticket, modifier,
      };
      this.s.events.emit('warning', { project: this.project, reason: 'conflict', items: [w] });
      return false;
    }
    return outcome === 'merged' || outcome === 'unchanged';
  }
}

/**
 * CALL-8: the message mapped from the code, else the server's message. A catalogue template whose
 * {placeholders} only the server could fill (2003, 10034, 1000010) gives way to the server's message.
 */
export function toastMessage(code: number | undefined, message: string | undefined): string {
  const mapped = code !== undefined ? messageForCode(code) : undefined;
  if (mapped !== undefined && !/\{\w+\}/.test(mapped)) return mapped;
  return message || mapped || NAMED_ERRORS.UPLOAD_FAILED;
}
