/**
 * Export > Fabrication files... (issue 12): choose the PCB and the layers, generate, look at the
 * Gerbers as an independent reader (gerber-to-svg, on the server's worker thread) draws them back,
 * then download the fabrication zip (Gerber_<board>_<date>.zip), the BOM and the pick-and-place file.
 * Problems (no outline, unknown pad shapes, missing footprints) are listed before the download.
 * A board whose stored pour fills are stale is refused (FAB_STALE_FILLS): the dialog says so and
 * offers to refill those pours and generate again.
 */
import { useState } from 'react';
import { fabZipName } from '@copperplate/convert/fab/export';
import { api, type FabPreview } from '../api/api.ts';
import { saveBytes } from '../lib/download.ts';
import { PROGRESS } from '../lib/messages.ts';
import { Modal } from '../ui/Modal.tsx';
import { Progress } from '../ui/Progress.tsx';
import { toastError } from '../ui/toasts.tsx';

const LAYERS: Array<[number, string]> = [
  [1, 'Top copper'], [2, 'Bottom copper'], [3, 'Top silkscreen'], [4, 'Bottom silkscreen'], [5, 'Top solder mask'],
  [6, 'Bottom solder mask'], [7, 'Top paste'], [8, 'Bottom paste'], [11, 'Board outline'], [13, 'Document'], [56, 'Drill drawing'],
];
/** Inner copper layers (15..46) are written whenever the board uses them. */
const INNER = Array.from({ length: 32 }, (_, i) => 15 + i);

export function FabricationDialog({ projectUuid, pcbs, onClose }: { projectUuid: string; pcbs: Array<{ uuid: string; name: string }>; onClose: () => void }) {
  const [pcb, setPcb] = useState(pcbs[0]?.uuid ?? '');
  const [chosen, setChosen] = useState<Set<number>>(new Set(LAYERS.map(([l]) => l)));
  const [busy, setBusy] = useState<{ message: string; share: number } | null>(null);
  const [preview, setPreview] = useState<FabPreview | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [refill, setRefill] = useState(false);
  const layers = () => [...chosen, ...INNER].sort((a, b) => a - b);

  async function generate(withRefill = refill) {
    setBusy({ message: withRefill ? 'Refilling copper pours and generating Gerber files…' : 'Generating Gerber files…', share: 0.2 });
    try {
      setPreview(await api.fabPreview(projectUuid, pcb || undefined, layers(), withRefill));
      setRefill(withRefill);
      setStale(null);
    } catch (e) {
      if ((e as { result?: { reason?: string } }).result?.reason === 'FAB_STALE_FILLS') setStale((e as Error).message);
      else toastError(e);
    } finally {
      setBusy(null);
    }
  }

  async function download() {
    if (!preview) return;
    const now = new Date();
    try {
      setBusy({ message: 'Fabrication zip…', share: 0.1 });
      const zip = await api.fabFiles(projectUuid, pcb || undefined, 'fab', layers(), refill);
      setBusy({ message: PROGRESS.DOWNLOAD_ZIP, share: 0 });
      await saveBytes(zip, fabZipName(preview.board, now), (s) => setBusy({ message: PROGRESS.DOWNLOAD_ZIP, share: s }));
      const bom = await api.fabFiles(projectUuid, pcb || undefined, 'bom');
      await saveBytes(bom, `BOM_${preview.board}_${now.toISOString().slice(0, 10)}.csv`);
      const pnp = await api.fabFiles(projectUuid, pcb || undefined, 'pnp');
      await saveBytes(pnp, `PickAndPlace_${preview.board}_${now.toISOString().slice(0, 10)}.csv`);
      onClose();
    } catch (e) {
      toastError(e);
    } finally {
      setBusy(null);
    }
  }

  const toggle = (l: number) => setChosen((s) => { const n = new Set(s); if (n.has(l)) n.delete(l); else n.add(l); return n; });
  return (
    <Modal title="Fabrication files" width={preview ? 900 : 480} onClose={onClose} testId="fab-dialog"
      footer={
        <>
          <button type="button" onClick={onClose}>Cancel</button>
          {preview
            ? <button type="button" className="primary" onClick={download} disabled={!!busy} data-testid="fab-download">Download</button>
            : <button type="button" className="primary" onClick={() => generate()} disabled={!!busy || !chosen.size} data-testid="fab-generate">Generate</button>}
        </>
      }>
      {pcbs.length > 1 && (
        <label className="field">PCB{' '}
          <select value={pcb} onChange={(e) => (setPcb(e.target.value), setPreview(null), setStale(null), setRefill(false))}>
            {pcbs.map((p) => <option key={p.uuid} value={p.uuid}>{p.name}</option>)}
          </select>
        </label>
      )}
      {!preview && (
        <fieldset className="fab-layers" disabled={!!busy}>
          <legend>Layers (inner copper layers follow the board)</legend>
          {LAYERS.map(([l, name]) => (
            <label key={l} style={{ display: 'inline-block', width: '50%' }}>
              <input type="checkbox" checked={chosen.has(l)} onChange={() => toggle(l)} /> {name}
            </label>
          ))}
        </fieldset>
      )}
      {stale && !busy && (
        <div className="fab-problems" role="alert" data-testid="fab-stale">
          <p>{stale}</p>
          <button type="button" onClick={() => generate(true)} data-testid="fab-refill">Refill copper pours and generate</button>
        </div>
      )}
      {busy && <Progress message={busy.message} share={busy.share} />}
      {preview && (
        <>
          {preview.problems.length > 0 && (
            <div className="fab-problems" role="alert" data-testid="fab-problems">
              <strong>The files are incomplete:</strong>
              <ul>{preview.problems.map((p, i) => <li key={i}>{p}</li>)}</ul>
            </div>
          )}
          <div className="fab-preview" data-testid="fab-preview" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 8, maxHeight: 520, overflow: 'auto' }}>
            {preview.layers.map((l) => (
              <figure key={l.name} style={{ margin: 0, background: '#111', color: '#ddd', padding: 4 }}>
                <img alt={l.name} style={{ width: '100%', height: 140, objectFit: 'contain', color: '#e8c04a' }} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(l.svg.replace('<svg ', '<svg color="#e8c04a" '))}`} />
                <figcaption style={{ fontSize: 11 }}>{l.name}</figcaption>
              </figure>
            ))}
          </div>
        </>
      )}
    </Modal>
  );
}
