/**
 * Comparing a sheet or PCB between two versions (or a version and the current state), issue 17
 * part 3: both drawn side by side, what changed marked on each drawing (left: removed and changed
 * records, right: added and changed ones), and the list of record changes (`diffDocumentTexts` of
 * @copperplate/format: records matched by id, the fields that differ, designators as names).
 * Drawings use the open project's symbols and footprints (a part changed between versions is drawn
 * as it is now); the change list compares the documents' own records.
 */
import { useEffect, useMemo, useState } from 'react';
import { changedElementIds, diffDocumentTexts, type RecordChange } from '@copperplate/format';
import { versionsApi } from '../api/versions.ts';
import { paintSvg } from '../project/painters.ts';
import type { ProjectSession } from '../project/types.ts';
import type { Item } from '../api/schemas.ts';

export const CURRENT = '';
export type Doc = { kind: 'sheets' | 'pcbs'; uuid: string; title: string };
type Loaded = { item?: Item; missing?: boolean; error?: string; loading?: boolean };

const COLOURS = { removed: '#d32f2f', added: '#2e7d32', changed: '#ef6c00' } as const;
/** At most this many rows in the change list (the summary counts them all). */
const LIST_MAX = 200;

/** One document as a version (or the current state) holds it. */
function useVersionItem(session: ProjectSession, version: string, doc: Doc): Loaded {
  const [state, setState] = useState<Loaded>({ loading: true });
  useEffect(() => {
    let live = true;
    setState({ loading: true });
    const load: Promise<Item | undefined> = version === CURRENT ? session.loadItem(doc.kind, doc.uuid) : versionsApi.item(session.uuid, version, doc.kind, doc.uuid).catch(() => undefined);
    load.then(
      (item) => live && setState(item && typeof item.dataStr === 'string' ? { item } : { missing: true }),
      (e) => live && setState({ error: (e as Error).message }),
    );
    return () => void (live = false);
  }, [session, version, doc.kind, doc.uuid]);
  return state;
}

/** The drawing with the given records marked in colour (a style sheet inside the SVG: it is shown as an image). */
export function markRecords(svg: string, marks: { ids: readonly string[]; colour: string }[]): string {
  const rules: string[] = [];
  for (const { ids, colour } of marks) {
    if (!ids.length) continue;
    const sel = ids.map((id) => `[data-id="${id.replace(/["\\]/g, '\\$&')}"]`);
    rules.push(`${sel.join(',')},${sel.map((s) => `${s} *`).join(',')}{stroke:${colour} !important;}`);
    rules.push(`${sel.map((s) => `${s} text`).join(',')}{fill:${colour} !important;}`);
  }
  if (!rules.length) return svg;
  const at = svg.indexOf('>', svg.indexOf('<svg'));
  if (at < 0) return svg;
  return `${svg.slice(0, at + 1)}<style data-marks="versions">${rules.join('')}</style>${svg.slice(at + 1)}`;
}

export function VersionCompare({ session, left, right, label, doc }: { session: ProjectSession; left: string; right: string; label: (id: string) => string; doc: Doc }) {
  const a = useVersionItem(session, left, doc);
  const b = useVersionItem(session, right, doc);
  const ready = !a.loading && !b.loading && !a.error && !b.error;
  const diff = useMemo(() => (ready ? diffDocumentTexts(a.item?.dataStr as string | undefined, b.item?.dataStr as string | undefined) : null), [ready, a.item, b.item]);
  const changes = diff?.changes ?? [];
  const count = (c: RecordChange['change']) => changes.filter((x) => x.change === c).length;
  return (
    <>
      <div className="compare-panes">
        <VersionDrawing session={session} loaded={a} label={label(left)} version={left} doc={doc}
          marks={[{ ids: changedElementIds(changes, ['removed']), colour: COLOURS.removed }, { ids: changedElementIds(changes, ['changed']), colour: COLOURS.changed }]} />
        <VersionDrawing session={session} loaded={b} label={label(right)} version={right} doc={doc}
          marks={[{ ids: changedElementIds(changes, ['added']), colour: COLOURS.added }, { ids: changedElementIds(changes, ['changed']), colour: COLOURS.changed }]} />
      </div>
      {diff && (
        <section className="record-changes" aria-label="Changes">
          <p data-testid="diff-summary">
            {changes.length === 0 && !diff.otherAdded && !diff.otherRemoved
              ? `No changes from ${label(left)} to ${label(right)}.`
              : `From ${label(left)} to ${label(right)}: ${count('added')} added, ${count('removed')} removed, ${count('changed')} changed, ${diff.unchanged} unchanged` +
                (diff.otherAdded || diff.otherRemoved ? `; settings: ${diff.otherAdded} added, ${diff.otherRemoved} removed` : '') + '.'}
          </p>
          {changes.length > 0 && (
            <table className="grid" aria-label="Record changes">
              <thead>
                <tr>
                  <th>Change</th>
                  <th>Record</th>
                  <th>Fields</th>
                </tr>
              </thead>
              <tbody>
                {changes.slice(0, LIST_MAX).map((c) => (
                  <tr key={`${c.change}:${c.id}`} data-change={c.change}>
                    <td><span className="badge" style={{ background: COLOURS[c.change], color: '#fff' }}>{c.change}</span></td>
                    <td>{c.label}</td>
                    <td className="mono">{c.fields?.join(', ') ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {changes.length > LIST_MAX && <p className="muted">… and {changes.length - LIST_MAX} more.</p>}
        </section>
      )}
    </>
  );
}

/** One side, drawn read-only with what changed marked. */
function VersionDrawing({ session, loaded, label, version, doc, marks }: { session: ProjectSession; loaded: Loaded; label: string; version: string; doc: Doc; marks: { ids: string[]; colour: string }[] }) {
  const key = marks.map((m) => m.ids.join(',')).join('|');
  const drawn = useMemo(() => {
    if (!loaded.item) return null;
    try {
      return { svg: markRecords(paintSvg(doc.kind, loaded.item, session.snapshot().items) ?? '', marks) };
    } catch (e) {
      return { error: (e as Error).message };
    }
  }, [loaded.item, doc.kind, session, key]);
  const error = loaded.error ?? drawn?.error;
  return (
    <figure className="compare-pane" data-testid="version-drawing" data-version={version || 'current'} data-marked={marks.reduce((n, m) => n + m.ids.length, 0)}>
      <figcaption>{label}</figcaption>
      {drawn?.svg ? (
        <img alt={`${doc.title} in ${label}`} src={'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(drawn.svg)} />
      ) : loaded.missing ? (
        <p className="muted">Not in this version.</p>
      ) : error ? (
        <p className="form-error">{error}</p>
      ) : (
        <p className="muted">Loading…</p>
      )}
    </figure>
  );
}
