/**
 * Footprint editing in the PCB editor: the Pad tool (a click adds an SMD pad, 60 x 40 mil, on the
 * top layer, or a through-hole pad on the multi-layer when the Multi-Layer is active, numbered after
 * the last one) and the footprint generator (packages/editor generateFootprint: chip R/C/L, SOIC/SOP,
 * QFN, QFP, DIP, SOT, pin headers; parameters in mm as datasheets give them), which replaces the
 * footprint's content in one commit. Frame: footprint mil, Y up.
 */
import { useState } from 'react';
import { z } from 'zod';
import { num, recId, type KeyEv, type PointerEv, type Tool } from '@copperplate/editor';
import type { PcbEditor } from '@copperplate/editor';
import { DocType, Head, Pad, kindOf } from '@copperplate/format/records';
import { generateFootprint, padRecord, type PackageSpec } from '@copperplate/editor';
import { CancelOk, Modal } from '../ui/Modal.tsx';

/** Pad tool: one click, one pad. */
export class PadTool implements Tool {
  readonly id = 'pad';
  state = 'idle';
  constructor(private readonly ed: PcbEditor) {}
  pointer(ev: PointerEv): void {
    if (ev.kind !== 'down') return;
    let n = 0;
    for (const [, r] of this.ed.doc.ofType('PAD')) n = Math.max(n, num(Number(Pad.get(r, 'number')), 0));
    const th = this.ed.panel.active === 12;
    this.ed.commit('Pad', (tx) => void tx.add(padRecord(tx.newId(), { number: String(n + 1), x: ev.x, y: ev.y, shape: th ? ['ELLIPSE', 60, 60] : ['RECT', 60, 40, 0], hole: th ? ['ROUND', 32, 32] : null })));
  }
  key(_ev: KeyEv): boolean { return false; }
}

const KINDS = ['chip', 'soic', 'qfn', 'qfp', 'dip', 'sot', 'header'] as const;
const LABEL: Record<(typeof KINDS)[number], string> = { chip: 'Chip resistor / capacitor', soic: 'SOIC / SOP', qfn: 'QFN', qfp: 'QFP', dip: 'DIP', sot: 'SOT', header: 'Pin header' };
const CHIP = ['0201', '0402', '0603', '0805', '1206', '1210', '2512'] as const;
const SOT = ['SOT-23', 'SOT-23-5', 'SOT-23-6', 'SOT-223'] as const;

interface Form { kind: (typeof KINDS)[number]; size: string; prefix: string; pins: string; body: string; pitch: string; variant: string; rows: string }
const INITIAL: Form = { kind: 'soic', size: '0603', prefix: 'R', pins: '8', body: '5', pitch: '', variant: 'SOT-23', rows: '1' };

const pins = z.coerce.number().int().min(1).max(1000);
const mm = z.coerce.number().positive().max(200);
const optMm = z.union([z.literal('').transform(() => undefined), mm]);

/** Form -> package spec (zod-checked); a message when a parameter is not valid. */
export function specOf(f: Form): PackageSpec | string {
  const r = ((): z.ZodSafeParseResult<PackageSpec> => {
    switch (f.kind) {
      case 'chip': return z.object({ kind: z.literal('chip'), size: z.enum(CHIP), prefix: z.enum(['R', 'C', 'L']) }).safeParse(f);
      case 'soic': return z.object({ kind: z.literal('soic'), pins: pins.refine((n) => n % 2 === 0), pitch: optMm }).safeParse(f);
      case 'qfn': case 'qfp': return z.object({ kind: z.enum(['qfn', 'qfp']), pins: pins.refine((n) => n % 4 === 0), body: mm, pitch: optMm }).safeParse(f);
      case 'dip': return z.object({ kind: z.literal('dip'), pins: pins.refine((n) => n % 2 === 0), pitch: optMm }).safeParse(f);
      case 'sot': return z.object({ kind: z.literal('sot'), variant: z.enum(SOT) }).safeParse(f);
      case 'header': return z.object({ kind: z.literal('header'), pins, rows: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])), pitch: optMm }).safeParse(f);
    }
  })();
  return r.success ? r.data : `Check ${r.error.issues.map((i) => i.path.join('.') || 'the values').join(', ')}: ${f.kind === 'qfn' || f.kind === 'qfp' ? 'pins a multiple of 4' : 'pins even where the package has two rows'}, sizes in mm.`;
}

/** Replace the footprint's content by a generated one (the HEAD stays), as one commit. */
export function applyGenerated(ed: PcbEditor, spec: PackageSpec): string {
  const { name, block } = generateFootprint(spec);
  ed.commit('Generate footprint', (tx) => {
    for (const k of ed.doc.keys()) { const r = ed.doc.get(k); if (!r || !Head.is(r)) tx.remove(k); }
    for (const r of block.records) {
      if (!r.length || DocType.is(r)) continue;
      const id = recId(r);
      const kind = kindOf(r, 'pcb');
      tx.add(kind && id !== undefined && /^e\d+$/.test(id) ? kind.with(r, { id: tx.newId() }) : r.slice());
    }
  });
  return name;
}

export function FootprintGenerator({ ed, disabled, onDone }: { ed: PcbEditor; disabled: boolean; onDone: () => void }) {
  const [form, setForm] = useState<Form | null>(null);
  const [error, setError] = useState('');
  const set = (k: keyof Form, v: string) => { setForm({ ...form!, [k]: v }); setError(''); };
  const generate = () => {
    const spec = specOf(form!);
    if (typeof spec === 'string') return setError(spec);
    applyGenerated(ed, spec);
    setForm(null);
    onDone();
  };
  const f = form;
  const input = (k: keyof Form, label: string) => (
    <label className="field">
      <span>{label}</span>
      <input value={f![k]} onChange={(e) => set(k, e.target.value)} />
    </label>
  );
  return (
    <>
      <button type="button" className="btn small" disabled={disabled} onClick={() => setForm(INITIAL)}>
        Generate footprint…
      </button>
      {f && (
        <Modal
          title="Generate footprint"
          width={420}
          onClose={() => setForm(null)}
          testId="generate-footprint"
          footer={<CancelOk onCancel={() => setForm(null)} onOk={generate} label="Generate" />}
        >
          <label className="field">
            <span>Package</span>
            <select value={f.kind} onChange={(e) => set('kind', e.target.value)}>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {LABEL[k]}
                </option>
              ))}
            </select>
          </label>
          {f.kind === 'chip' && (
            <>
              <label className="field">
                <span>Size</span>
                <select value={f.size} onChange={(e) => set('size', e.target.value)}>{CHIP.map((c) => <option key={c}>{c}</option>)}</select>
              </label>
              <label className="field">
                <span>Kind</span>
                <select value={f.prefix} onChange={(e) => set('prefix', e.target.value)}><option value="R">Resistor</option><option value="C">Capacitor</option><option value="L">Inductor</option></select>
              </label>
            </>
          )}
          {f.kind === 'sot' && (
            <label className="field">
              <span>Variant</span>
              <select value={f.variant} onChange={(e) => set('variant', e.target.value)}>{SOT.map((c) => <option key={c}>{c}</option>)}</select>
            </label>
          )}
          {f.kind !== 'chip' && f.kind !== 'sot' && input('pins', 'Pins')}
          {(f.kind === 'qfn' || f.kind === 'qfp') && input('body', 'Body size (mm)')}
          {f.kind === 'header' && input('rows', 'Rows (1 or 2)')}
          {f.kind !== 'chip' && f.kind !== 'sot' && input('pitch', 'Pitch (mm, empty: standard)')}
          <p className="small muted">The footprint's content is replaced (one undo step).</p>
          {error && <p className="form-error small">{error}</p>}
        </Modal>
      )}
    </>
  );
}
