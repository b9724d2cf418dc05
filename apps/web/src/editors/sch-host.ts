/**
 * What the schematic editor asks of the web app besides drawing: built-in flag symbols saved as
 * project symbols, the sheets of the open schematic in tree order (annotate the whole schematic,
 * then save the other sheets it changed), and editor shortcuts wherever the focus is.
 */
import { openDocument, serializeDocument, type EditorDocument, type KeyEv, type SymbolInfo } from '@copperplate/editor';
import type { Item } from '../api/schemas.ts';
import { itemName } from '../project/http-session.ts';
import { sheetOrder } from '../project/structure.ts';
import type { ProjectSession } from '../project/types.ts';

/** Saves a built-in net flag / port symbol the editor added (SymbolInfo + its text) as a project symbol. */
export function saveFlagSymbol(session: ProjectSession, info: SymbolInfo, text: string): Promise<void> {
  return session.edit('symbols', {
    uuid: info.uuid, title: info.title, display_title: info.title, docType: info.type, source: '', version: '1',
    description: 'Built-in net flag', tags: {}, custom_tags: '[]', dataStr: text,
  } as Item);
}

export interface OpenSheet { id: string; name: string; doc: EditorDocument; item: Item }

/** The other sheets of the schematic `sheetId` belongs to, opened, in tree order; `order` has every sheet's name. */
export async function schematicSheets(session: ProjectSession, sheetId: string): Promise<{ others: OpenSheet[]; order: string[] }> {
  const sheets = session.snapshot().items.sheets;
  const sch = String(sheets.get(sheetId)?.schematic_uuid ?? '');
  const ids = sch ? sheetOrder(session, sch) : [sheetId];
  const others: OpenSheet[] = [];
  for (const id of ids) {
    if (id === sheetId) continue;
    const item = await session.loadItem('sheets', id);
    if (typeof item?.dataStr !== 'string') continue;
    try {
      others.push({ id, name: itemName(item), doc: openDocument(item.dataStr), item });
    } catch {
      /* an unreadable sheet takes no part */
    }
  }
  return { others, order: ids.map((id) => itemName(sheets.get(id))) };
}

/** Saves the sheets whose names are in `changed` (their new text through the session). */
export async function saveSheets(session: ProjectSession, sheets: OpenSheet[], changed: Iterable<string>): Promise<number> {
  const names = new Set(changed);
  let n = 0;
  for (const s of sheets) {
    if (!names.has(s.name)) continue;
    await session.edit('sheets', { ...s.item, dataStr: serializeDocument(s.doc) });
    n++;
  }
  return n;
}

const TREE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', ' ', 'ContextMenu', 'Delete', 'Backspace', 'Escape']);

const isField = (t: EventTarget | null): boolean => t instanceof HTMLElement && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable);

/**
 * Editor shortcuts wherever the focus is (after a click in a panel, the tree, the toolbar): a key
 * that reaches the window unused, not typed into a field, not inside a dialog, not one of the
 * tree's own keys (arrows, Delete...) and not already handled by the canvas goes to `handle`.
 * Returns the cleanup.
 */
export function globalShortcuts(canvas: HTMLElement, handle: (ev: KeyEv) => boolean): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented || isField(e.target)) return;
    const t = e.target instanceof Element ? e.target : null;
    if (t && (t === canvas || t.closest('[role="dialog"]'))) return;
    if (e.key === 'Tab' || e.key === 'F2' || e.key === 'Enter' || (e.altKey && !e.ctrlKey)) return;
    // the tree's own keys (navigation; Delete there must not delete the drawing's selection), a focused button's Space
    if (t?.closest('[role="tree"], [role="menu"]') && TREE_KEYS.has(e.key)) return;
    if (e.key === ' ' && t?.closest('button, [role="button"], a[href]')) return;
    if (handle({ key: e.key, ctrl: e.ctrlKey || e.metaKey, shift: e.shiftKey, alt: e.altKey })) e.preventDefault();
  };
  window.addEventListener('keydown', onKey);
  return () => window.removeEventListener('keydown', onKey);
}
