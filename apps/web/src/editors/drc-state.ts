/**
 * State of the PCB editor's design rule check and pour fills (issue 13), shared by the DRC panel and
 * the canvas markers: a Web Worker (drc.worker.ts) runs the checks and refills on the open PCB's
 * records, so the canvas never waits. The worker is started on first use; the pour fill states (fresh,
 * stale, EasyEDA's own, empty) are asked for once the editor's first frame is shown and the page was
 * idle, and again a moment after each edit (a board without POUR records has none: no job); a refill writes the new POURED
 * records to the board's pour file (the `copper` item `<pcbUuid>_0`, uploaded like any edit) and
 * redraws the fills. Waived violations are kept per PCB in this browser (localStorage).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PcbEditor } from '@copperplate/editor';
import type { DrcReport, Violation } from '@copperplate/board';
import { parseDocuments, serializeDocuments, withRecords } from '@copperplate/format';
import { Poured } from '@copperplate/format/records';
import type { ProjectSnapshot } from '../project/types.ts';
import type { Item } from '../api/schemas.ts';
import { contextOf } from '../project/painters.ts';
import type { DocSync } from './doc-sync.ts';
import type { BoardJobInput, BoardJobOutput, PourState } from './drc-job.ts';

type Rec = unknown[];

/** What identifies a violation across runs (rule and items), for waivers. */
export const violationKey = (v: Violation): string => `${v.rule}|${[...v.items].sort().join(',')}`;

export interface BoardChecks {
  busy: 'drc' | 'refill' | null;
  report: DrcReport | null;
  pours: PourState[];
  error: string | null;
  waived: ReadonlySet<string>;
  focused: Violation | null;
  check(): void;
  /** Refill these pours (all when empty). */
  refill(only?: string[]): void;
  waive(v: Violation, on: boolean): void;
  focus(v: Violation | null): void;
}

const waiverKey = (pcb: string) => `cp-drc-waivers:${pcb}`;
function loadWaivers(pcb: string): Set<string> {
  try {
    const v = JSON.parse(localStorage.getItem(waiverKey(pcb)) ?? '[]');
    return new Set(Array.isArray(v) ? v.map(String) : []);
  } catch {
    return new Set();
  }
}

/** The copper item holding this PCB's fills: `<pcb>_0` first, else another of the PCB's with POURED records. */
function pourItemKey(coppers: ReadonlyMap<string, Item> | undefined, pcb: string): string {
  if (!coppers || coppers.has(`${pcb}_0`)) return `${pcb}_0`;
  for (const [k, v] of coppers) if (k.startsWith(`${pcb}_`) && typeof v.dataStr === 'string' && v.dataStr.includes('"POURED"')) return k;
  return `${pcb}_0`;
}

/** The pour file's text with the POURED records of `refilled` pours replaced by `fresh`. */
export function withNewFills(text: string | undefined, refilled: readonly string[], fresh: readonly Rec[]): string {
  const gone = new Set(refilled);
  const blocks = text && text.trim() ? parseDocuments(text) : parseDocuments('["DOCTYPE","POURED","1.1"]\n');
  let i = blocks.findIndex((b) => b.records.some((r) => Poured.is(r)));
  if (i < 0) i = Math.max(0, blocks.findIndex((b) => b.docType === 'POURED'));
  blocks[i] = withRecords(blocks[i], [...blocks[i].records.filter((r) => !(Poured.is(r) && gone.has(String(Poured.get(r, 'pourId'))))), ...(fresh as unknown[][])]);
  return serializeDocuments(blocks);
}

/**
 * `ready`: the editor's first frame is shown and the page was idle since (the view's onReady): the
 * worker is started on first use and the fill states are first asked for then, so that a big board's
 * open does not share the CPU with them (every record copied to the worker, the board resolved there).
 */
export function useBoardChecks(ed: PcbEditor, sync: DocSync, items: ProjectSnapshot['items'], pcb: string, onChange: () => void, ready = true): BoardChecks | null {
  const enabled = sync.kind === 'pcbs';
  const worker = useRef<Worker | null>(null);
  const seq = useRef(0);
  const waiting = useRef(new Map<number, (r: BoardJobOutput) => void>());
  const [busy, setBusy] = useState<BoardChecks['busy']>(null);
  const [report, setReport] = useState<DrcReport | null>(null);
  const [pours, setPours] = useState<PourState[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [waived, setWaived] = useState<Set<string>>(() => loadWaivers(pcb));
  const [focused, setFocused] = useState<Violation | null>(null);

  const closed = useRef(false);
  useEffect(() => {
    closed.current = false;
    return () => { closed.current = true; worker.current?.terminate(); worker.current = null; waiting.current.clear(); };
  }, [enabled]);
  /** The worker, started on first use. */
  const workerNow = useCallback((): Worker | null => {
    if (!enabled || closed.current) return null;
    if (!worker.current) {
      const w = new Worker(new URL('./drc.worker.ts', import.meta.url), { type: 'module' });
      w.onmessage = (e: MessageEvent<BoardJobOutput & { seq: number }>) => {
        const { seq: n, ...out } = e.data;
        const done = waiting.current.get(n);
        waiting.current.delete(n);
        done?.(out as BoardJobOutput);
      };
      worker.current = w;
    }
    return worker.current;
  }, [enabled]);

  const run = useCallback((kind: BoardJobInput['kind'], only?: string[]): Promise<BoardJobOutput> => {
    const w = workerNow();
    if (!w) return Promise.resolve({ ok: false, message: 'The checker is not running' });
    const footprints: Record<string, string> = {};
    for (const [uuid, f] of items.footprints) if (typeof f.dataStr === 'string') footprints[uuid] = f.dataStr;
    const input: BoardJobInput = {
      kind,
      only,
      records: ed.doc.records() as Rec[],
      extraBlocks: ed.doc.extraBlocks.map((b) => ({ docType: b.docType, records: b.records })),
      pcbUuid: pcb,
      footprints,
      devices: contextOf(items).pcb.devices,
      poured: [...(ed.opts.project?.poured ?? [])] as Rec[],
    };
    const n = ++seq.current;
    return new Promise((resolve) => {
      waiting.current.set(n, resolve);
      w.postMessage({ seq: n, ...input });
    });
  }, [ed, items, pcb, workerNow]);

  // fill states once the editor is ready, and a moment after each edit (a board without pours has
  // none: no job, no copy of the board for the worker)
  useEffect(() => {
    if (!enabled || !ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const status = () => {
      if (!ed.doc.ofType('POUR').length) { setPours((cur) => (cur.length ? [] : cur)); return; }
      void run('status').then((r) => { if (live && r.ok && r.kind === 'status') setPours(r.pours); });
    };
    status();
    const off = ed.subscribe(() => { clearTimeout(timer); timer = setTimeout(status, 600); });
    return () => { live = false; clearTimeout(timer); off(); };
  }, [enabled, ready, ed, run]);

  const check = useCallback(() => {
    setBusy('drc');
    setError(null);
    void run('drc').then((r) => {
      setBusy(null);
      if (!r.ok) { setError(r.message); return; }
      if (r.kind !== 'drc') return;
      setReport(r.report);
      setPours(r.pours);
      onChange();
    });
  }, [run, onChange]);

  const refill = useCallback((only?: string[]) => {
    setBusy('refill');
    setError(null);
    void run('refill', only).then(async (r) => {
      try {
        if (!r.ok) { setError(r.message); return; }
        if (r.kind !== 'refill') return;
        const session = sync.session;
        if (!session.editCopper) { setError('This session cannot save pour fills'); return; }
        const coppers = session.snapshot().coppers;
        const key = pourItemKey(coppers, pcb);
        const old = coppers?.get(key);
        const text = withNewFills(typeof old?.dataStr === 'string' ? old.dataStr : undefined, r.refilled, r.poured);
        await session.editCopper(key, text);
        // the editor draws the new fills
        const poured = parseDocuments(text).flatMap((b) => b.records.filter((x) => Poured.is(x)));
        ed.opts.project = { ...(ed.opts.project ?? {}), poured };
        ed.rebuild();
        const st = await run('status');
        if (st.ok && st.kind === 'status') setPours(st.pours);
        onChange();
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      } finally {
        setBusy(null);
      }
    });
  }, [run, sync, pcb, ed, onChange]);

  const waive = useCallback((v: Violation, on: boolean) => {
    setWaived((cur) => {
      const next = new Set(cur);
      if (on) next.add(violationKey(v)); else next.delete(violationKey(v));
      try { localStorage.setItem(waiverKey(pcb), JSON.stringify([...next])); } catch { /* private mode: waivers last this session */ }
      return next;
    });
  }, [pcb]);

  return useMemo(() => (enabled ? { busy, report, pours, error, waived, focused, check, refill, waive, focus: setFocused } : null), [enabled, busy, report, pours, error, waived, focused, check, refill, waive]);
}
