/**
 * The library panel's detail actions: edit (its editor in a new tab, library-session.ts), rename and delete for a component of the user's own library
 * (personal, team, public ones they own; the server checks), and the price and stock of the part from
 * the server's supplier adapter, or why there is none.
 */
import { useEffect, useState } from 'react';
import { deleteComponent, partPrices, renameComponent, type LibRow, type Prices } from './library-api.ts';

export function OwnItem({ row, onChanged }: { row: LibRow; onChanged: (deleted?: string) => void }) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => { setRenaming(null); setConfirm(false); setError(''); }, [row.uuid]);
  const act = (p: Promise<unknown>, deleted?: string) => p.then(() => { setRenaming(null); setConfirm(false); onChanged(deleted); }, (e: Error) => setError(e.message));
  return (
    <div className="cp-lib-own" data-testid="library-own-item">
      {renaming === null ? (
        <>
          {[2, 3, 4].includes(row.type) && (
            <button type="button" className="btn small" title="Open it in its editor (a new tab), to save a new version to the library"
              onClick={() => window.open(`${window.location.pathname}${window.location.search}#/library/${row.uuid}`, '_blank')}>Edit</button>
          )}
          <button type="button" className="btn small" onClick={() => setRenaming(row.title)}>Rename</button>
          <button type="button" className="btn small" onClick={() => (confirm ? void act(deleteComponent(row.uuid, row.g_ticket), row.uuid) : setConfirm(true))}>{confirm ? 'Confirm delete' : 'Delete'}</button>
        </>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); if (renaming.trim()) void act(renameComponent(row.uuid, renaming.trim())); }}>
          <input aria-label="New name" value={renaming} onChange={(e) => setRenaming(e.target.value)} onKeyDown={(e) => e.stopPropagation()} />
          <button type="submit" className="btn small primary">Save name</button>
        </form>
      )}
      {error && <p className="form-error small" role="alert">{error}</p>}
    </div>
  );
}

/** The part number a supplier knows: the manufacturer part, else the value. */
const mpnOf = (r: LibRow): string => r.manufacturer_part || r.value || r.title;

export function PriceStock({ row }: { row: LibRow }) {
  const [p, setP] = useState<Prices | null>(null);
  const [error, setError] = useState('');
  const mpn = mpnOf(row);
  useEffect(() => {
    let live = true;
    setP(null);
    setError('');
    partPrices([mpn]).then((r) => live && setP(r), (e: Error) => live && setError(e.message));
    return () => { live = false; };
  }, [mpn]);
  let body: React.ReactNode = 'Price and stock: …';
  if (error) body = `Price and stock: ${error}`;
  else if (p && !p.configured) body = 'Price and stock: no supplier configured on this server';
  else if (p && !p.offers.length) body = `Price and stock: ${p.supplier} has no offer for ${mpn}`;
  else if (p) {
    body = p.offers.map((o) => (
      <span key={`${o.supplier}-${o.sku}`} className="cp-lib-offer">
        {o.supplier} {o.sku}: {o.stock.toLocaleString()} in stock
        {o.breaks.map((b) => ` · ${b.qty}+ ${b.unitPrice.toFixed(4)} ${o.currency}`).join('')}
      </span>
    ));
  }
  return <p className="cp-lib-price muted small" data-testid="library-price">{body}</p>;
}
