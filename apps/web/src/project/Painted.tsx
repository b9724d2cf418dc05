/**
 * The drawing of a document by the editor painters (packages/editor). Kinds without a painter yet
 * show `fallback` (the read-only record table).
 */
import type { ReactNode } from 'react';
import type { Item } from '../api/schemas.ts';
import type { ViewKind } from './types.ts';

export function Painted({ kind, item, fallback }: { kind: ViewKind; item: Item; fallback: ReactNode }) {
  void kind;
  void item;
  return <>{fallback}</>;
}
