/** The editor frame (issue 4 §3): left tree, tabs, the open document, status bar, Warning dialog. */
import { useCallback, useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ParsedMode } from '@copperplate/model';
import { WarningDialog } from '../dialogs/WarningDialog.tsx';
import { PromptDialog } from '../dialogs/PromptDialog.tsx';
import { ConfirmDialog } from '../dialogs/ConfirmDialog.tsx';
import { BuildingBlockDialog } from '../dialogs/BuildingBlockDialog.tsx';
import { blockLinkOf, blockVersion, insertBuildingBlock, updateFromBlock } from './building-block.ts';
import { toast, toastError } from '../ui/toasts.tsx';
import { copyBoard, copyPage, copySchematic } from './copy.ts';
import { addBoard, addPanel, addPcb, addSchematic, addSheet, deleteBoard, deletePcb, deleteSchematic, deleteSheet, moveSheet, placeBoard, placeLoose, placeSheet, renameBoard, sheetOrder } from './structure.ts';
import { TreeMenu, type MenuItem, type MenuTarget } from './TreeMenu.tsx';
import { SaveToLibrary } from '../library/SaveToLibrary.tsx';
import type { LibKind } from '../library/save-to-library.ts';
import { clipboardPage, copyPageToClipboard, pastePage } from './paste.ts';
import { PROGRESS } from '../lib/messages.ts';
import { Modal } from '../ui/Modal.tsx';
import { Progress } from '../ui/Progress.tsx';
import { DocumentView } from './DocumentView.tsx';
import { itemName } from './http-session.ts';
import { ProjectTree } from './ProjectTree.tsx';
import { PresenceLayer, usePeers } from './PresenceLayer.tsx';
import { presenceOf, type Peer } from './presence.ts';
import { StatusBar } from './StatusBar.tsx';
import { closeTab, editorOf, loadTabs, openTab, saveTabs, tabKey, type Tab, type TabState } from './tabs.ts';
import { LOOSE_LISTS, buildTree, tabKindOf, type LooseKind, type TreeNode } from './tree.ts';
import type { ProjectSession } from './types.ts';

function useSessionVersion(session: ProjectSession): number {
  const [n, setN] = useState(0);
  useEffect(() => session.subscribe(() => setN((x) => x + 1)), [session]);
  return n;
}

/** The project's default sheet when it exists, else the first sheet of the first board's schematic. */
function firstSheet(snap: ReturnType<ProjectSession['snapshot']>): string | null {
  const d = snap.detail.default_sheet;
  if (d && snap.items.sheets.has(d)) return d;
  const walk = (nodes: TreeNode[]): string | null => {
    for (const n of nodes) {
      if (n.doc?.kind === 'sheets') return n.doc.id;
      const c = n.children ? walk(n.children) : null;
      if (c) return c;
    }
    return null;
  };
  return walk(buildTree(snap));
}

/** Tabs whose editor is not available in this mode (MODE-2) are not opened. */
function allowed(mode: ParsedMode, tab: Tab): boolean {
  const k = editorOf(tab);
  return k === 'blank' || (k === 'schematic' ? mode.editors.sch : k === 'pcb' ? mode.editors.pcb : mode.editors.panel);
}

export function EditorFrame({ session, mode }: { session: ProjectSession; mode: ParsedMode }) {
  const version = useSessionVersion(session);
  const snap = session.snapshot();
  const nodes = useMemo(() => buildTree(snap), [snap, version]);
  const [tabs, setTabs] = useState<TabState>(() => {
    const loaded = loadTabs(session.uuid);
    // tabs of editors this mode does not offer (MODE-2) stay closed
    const tabs = loaded.tabs.filter((t) => allowed(mode, t));
    const saved = { tabs, active: tabs.some((t) => tabKey(t) === loaded.active) ? loaded.active : tabs[0] ? tabKey(tabs[0]) : null };
    if (saved.tabs.length) return saved;
    // first open of this project here: show its default sheet (or the first sheet of the tree)
    const first = firstSheet(snap);
    return first && mode.editors.sch ? openTab(saved, { kind: 'sheets', id: first, tabKind: tabKindOf('sheets', undefined) }) : saved;
  });
  const [renaming, setRenaming] = useState<Tab | null>(null);
  const [renamingBoard, setRenamingBoard] = useState<string | null>(null);
  const [menu, setMenu] = useState<MenuTarget>(null);
  const [confirm, setConfirm] = useState<{ title: string; message: string; run: () => Promise<void> } | null>(null);
  const [progress, setProgress] = useState<{ message: string; share: number } | null>(null);
  const [toLibrary, setToLibrary] = useState<{ kind: LibKind; id: string; title: string } | null>(null);
  const [blocks, setBlocks] = useState(false);
  const online = useSyncExternalStore(
    (fn) => (window.addEventListener('online', fn), window.addEventListener('offline', fn), () => (window.removeEventListener('online', fn), window.removeEventListener('offline', fn))),
    () => navigator.onLine,
  );
  useEffect(() => saveTabs(session.uuid, tabs), [session.uuid, tabs]);
  useEffect(() => {
    if (online) void session.refresh();
  }, [online, session]);

  const open = useCallback(
    (n: TreeNode) => {
      if (!n.doc) return;
      const item = session.snapshot().items[n.doc.kind].get(n.doc.id);
      const tab: Tab = { kind: n.doc.kind, id: n.doc.id, tabKind: tabKindOf(n.doc.kind, item) };
      if (!allowed(mode, tab)) return toastError(new Error(`The ${editorOf(tab)} editor is not available in this mode`));
      setTabs((s) => openTab(s, tab));
    },
    [session, mode],
  );
  const activeTab = tabs.tabs.find((t) => tabKey(t) === tabs.active) ?? null;

  // registered before paint: a shortcut pressed as soon as the frame shows reaches the current tabs
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (e.key === 'F2' && activeTab && !session.readOnly && !e.defaultPrevented) {
        e.preventDefault();
        setRenaming(activeTab);
      } else if (mod && e.altKey && e.key.toLowerCase() === 'w' && tabs.active) {
        e.preventDefault();
        setTabs((s) => closeTab(s, s.active!));
      } else if (mod && (e.key === 'PageDown' || e.key === 'PageUp') && tabs.tabs.length > 1) {
        e.preventDefault();
        const i = tabs.tabs.findIndex((t) => tabKey(t) === tabs.active);
        const j = (i + (e.key === 'PageDown' ? 1 : -1) + tabs.tabs.length) % tabs.tabs.length;
        setTabs((s) => ({ ...s, active: tabKey(s.tabs[j]) }));
      } else if (mod && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void session.refresh();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [activeTab, tabs, session]);

  async function rename(tab: Tab, title: string) {
    const item = session.snapshot().items[tab.kind].get(tab.id);
    if (!item) return;
    const next = tab.kind === 'schematics' ? { ...item, name: title, display_name: title } : { ...item, title, display_title: title };
    await session.edit(tab.kind, next);
    setRenaming(null);
  }

  const ro = session.readOnly;
  const run = (p: Promise<unknown>, done: string) => p.then(() => toast(done, 'success', 3000), toastError);
  function menuItems(n: TreeNode): MenuItem[] {
    const doc = n.doc;
    const items: MenuItem[] = [];
    if (doc) items.push({ label: 'Open', run: () => open(n) });
    if (doc || n.icon === 'schematic') {
      const kind = doc?.kind ?? 'schematics';
      const id = doc?.id ?? n.key.slice('schematics:'.length);
      items.push({ label: 'Rename', disabled: ro, run: () => setRenaming({ kind, id, tabKind: tabKindOf(kind, undefined) }) });
    }
    if (doc?.kind === 'sheets') items.push({ label: 'Copy page', disabled: ro, run: () => run(copyPage(session, doc.id), 'Page copied') });
    if (doc?.kind === 'sheets') items.push({ label: 'Copy to clipboard', run: () => (copyPageToClipboard(session, doc.id), toast('Page copied to the clipboard', 'info', 3000)) });
    if (n.icon === 'schematic') {
      const schId = n.key.slice('schematics:'.length);
      items.push({
        label: 'Paste page',
        disabled: ro || !clipboardPage(),
        run: () => {
          setProgress({ message: PROGRESS.PASTE_DATA, share: 0 });
          pastePage(session, schId, (share) => setProgress({ message: PROGRESS.PASTE_DATA, share }))
            .then(() => toast('Page pasted', 'success', 3000), toastError)
            .finally(() => setProgress(null));
        },
      });
    }
    if (n.icon === 'schematic') items.push({ label: 'Copy schematic', disabled: ro, run: () => run(copySchematic(session, n.key.slice('schematics:'.length)), 'Schematic copied') });
    if (n.icon === 'board') items.push({ label: 'Rename', disabled: ro, run: () => setRenamingBoard(n.key.slice('board:'.length)) });
    if (doc && (doc.kind === 'symbols' || doc.kind === 'footprints' || doc.kind === 'devices')) items.push({ label: 'Save to library…', run: () => setToLibrary({ kind: doc.kind as LibKind, id: doc.id, title: n.label }) });
    if (n.icon === 'board') items.push({ label: 'Copy board', disabled: ro, run: () => run(copyBoard(session, n.key.slice('board:'.length)), 'Board copied') });
    items.push(...structureItems(n));
    return items;
  }

  /** Closes the tabs of these documents (a deleted document's, or one about to be rewritten). */
  const closeTabsOf = (ids: string[]) => setTabs((st) => ids.reduce((acc, id) => {
    const t = acc.tabs.find((x) => x.id === id);
    return t ? closeTab(acc, tabKey(t)) : acc;
  }, st));

  /**
   * A board inserted from a building block brought to the block's current version (or told it has
   * it). The board's open sheets and PCB are closed first: their editors would not see the new content.
   */
  async function updateBoardFromBlock(name: string): Promise<void> {
    try {
      const v = await blockVersion(session, name);
      if (!v) return;
      if (v.latest <= v.link.version) { toast(`Board ${name} has the building block's latest version (${v.link.version})`, 'info', 4000); return; }
      const b = session.snapshot().detail.boards.find((x) => x.name === name);
      closeTabsOf([...(b?.sch ? sheetOrder(session, b.sch) : []), ...(b?.pcb ? [b.pcb] : [])]);
      setProgress({ message: PROGRESS.PASTE_DATA, share: 0 });
      const now = await updateFromBlock(session, name, (share) => setProgress({ message: PROGRESS.PASTE_DATA, share }));
      toast(`Board ${name} updated from its building block (version ${v.link.version} to ${now})`, 'success', 4000);
    } catch (e) {
      toastError(e);
    } finally {
      setProgress(null);
    }
  }

  /** Move up / Move down of a schematic or PCB on no board, or of a panel (none when it is on a board). */
  function moveItems(kind: LooseKind, id: string): MenuItem[] {
    const loose = LOOSE_LISTS[kind](session.snapshot()).map((x) => String(x.uuid));
    const at = loose.indexOf(id);
    if (at < 0) return [];
    return [
      { label: 'Move up', disabled: ro || at === 0, run: () => void placeLoose(session, kind, id, loose[at - 1]).catch(toastError) },
      { label: 'Move down', disabled: ro || at === loose.length - 1, run: () => void placeLoose(session, kind, loose[at + 1], id).catch(toastError) },
    ];
  }

  /** Add, reorder and delete sheets; add and delete schematics, PCBs and boards (structure.ts). */
  function structureItems(n: TreeNode): MenuItem[] {
    const items: MenuItem[] = [];
    // a deleted document's tab closes with it
    const ask = (title: string, message: string, fn: () => Promise<void>, ids: string[] = []) =>
      setConfirm({ title, message, run: () => fn().then(() => closeTabsOf(ids)) });
    if (n.icon === 'schematic') {
      const schId = n.key.slice('schematics:'.length);
      items.push({ label: 'New sheet', disabled: ro, run: () => void addSheet(session, schId).then((id) => open({ key: `sheets:${id}`, label: '', icon: 'sheet', doc: { kind: 'sheets', id } }), toastError) });
      items.push(...moveItems('schematics', schId));
      items.push({ label: 'Delete schematic', disabled: ro, run: () => ask('Delete schematic', `Delete the schematic "${n.label}" and all its sheets?`, () => deleteSchematic(session, schId), sheetOrder(session, schId)) });
    }
    if (n.doc?.kind === 'sheets') {
      const id = n.doc.id;
      const sch = String(session.snapshot().items.sheets.get(id)?.schematic_uuid ?? '');
      const order = sheetOrder(session, sch);
      items.push({ label: 'Move up', disabled: ro || order.indexOf(id) <= 0, run: () => void moveSheet(session, id, -1).catch(toastError) });
      items.push({ label: 'Move down', disabled: ro || order.indexOf(id) >= order.length - 1, run: () => void moveSheet(session, id, 1).catch(toastError) });
      items.push({ label: 'Delete sheet', disabled: ro || order.length <= 1, run: () => ask('Delete sheet', `Delete the sheet "${n.label}"?`, () => deleteSheet(session, id), [id]) });
    }
    if (n.doc?.kind === 'pcbs') {
      const id = n.doc.id;
      items.push(...moveItems('pcbs', id));
      items.push({ label: 'Delete PCB', disabled: ro, run: () => ask('Delete PCB', `Delete the PCB "${n.label}"?`, () => deletePcb(session, id), [id]) });
    }
    if (n.icon === 'board') {
      const name = n.key.slice('board:'.length);
      const b = session.snapshot().detail.boards.find((x) => x.name === name);
      const ids = [...(b?.sch ? sheetOrder(session, b.sch) : []), ...(b?.pcb ? [b.pcb] : [])];
      const names = session.snapshot().detail.boards.map((x) => x.name);
      const at = names.indexOf(name);
      items.push({ label: 'Move up', disabled: ro || at <= 0, run: () => void placeBoard(session, name, names[at - 1]).catch(toastError) });
      items.push({ label: 'Move down', disabled: ro || at < 0 || at === names.length - 1, run: () => void placeBoard(session, names[at + 1], name).catch(toastError) });
      if (blockLinkOf(b)) items.push({ label: 'Update from building block', disabled: ro, run: () => void updateBoardFromBlock(name) });
      items.push({ label: 'Delete board', disabled: ro, run: () => ask('Delete board', `Delete the board "${name}" with its schematic and PCB?`, () => deleteBoard(session, name), ids) });
    }
    const openPanel = (pid: string) => open({ key: `panels:${pid}`, label: '', icon: 'panel', doc: { kind: 'panels', id: pid } });
    if (n.doc?.kind === 'pcbs') { const pid = n.doc.id; items.push({ label: 'New front panel', disabled: ro, run: () => void addPanel(session, pid).then(openPanel, toastError) }); }
    if (n.key === 'group:panels') items.push({ label: 'New panel', disabled: ro, run: () => void addPanel(session).then(openPanel, toastError) });
    if (n.doc?.kind === 'panels') {
      const pid = n.doc.id;
      items.push(...moveItems('panels', pid));
      items.push({ label: 'Delete panel', disabled: ro, run: () => ask('Delete panel', `Delete the panel "${n.label}"?`, () => session.remove('panels', pid), [pid]) });
    }
    if (n.icon === 'board' || n.icon === 'schematic' || n.doc?.kind === 'pcbs') {
      items.push({ label: 'New board', disabled: ro, run: () => run(addBoard(session), 'Board added') });
      items.push({ label: 'New schematic', disabled: ro, run: () => run(addSchematic(session), 'Schematic added') });
      items.push({ label: 'New PCB', disabled: ro, run: () => run(addPcb(session), 'PCB added') });
      items.push({ label: 'Insert building block…', disabled: ro, run: () => setBlocks(true) });
    }
    return items;
  }

  /** F2 on a tree row: documents and schematics as the menu's Rename, boards by name. */
  function renameNode(n: TreeNode): void {
    if (ro) return;
    if (n.icon === 'board') setRenamingBoard(n.key.slice('board:'.length));
    else if (n.doc) setRenaming({ kind: n.doc.kind, id: n.doc.id, tabKind: tabKindOf(n.doc.kind, undefined) });
    else if (n.icon === 'schematic') setRenaming({ kind: 'schematics', id: n.key.slice('schematics:'.length), tabKind: tabKindOf('schematics', undefined) });
  }

  const conflicts = session.conflicts();
  const presence = presenceOf(session.uuid);
  const peers = usePeers(presence);
  const peersByDoc = useMemo(() => {
    const m = new Map<string, Peer[]>([['*', peers]]);
    for (const p of peers) if (p.doc) m.set(p.doc, [...(m.get(p.doc) ?? []), p]);
    return m;
  }, [peers]);
  return (
    <div className="frame" data-project={session.uuid}>
      <ProjectTree
        nodes={nodes}
        active={tabs.active}
        title={snap.detail.title}
        onOpen={open}
        onMenu={(node, x, y) => setMenu({ node, x, y })}
        onRename={renameNode}
        onReorder={ro ? undefined : (group, id, before) => void (group in LOOSE_LISTS ? placeLoose(session, group as LooseKind, id, before) : (group === 'boards' ? placeBoard : placeSheet)(session, id, before)).catch(toastError)}
        peers={peersByDoc}
      />
      {menu && menuItems(menu.node).length > 0 && <TreeMenu x={menu.x} y={menu.y} items={menuItems(menu.node)} onClose={() => setMenu(null)} />}
      <section className="work" aria-label="Documents">
        <div className="tabbar" role="tablist" aria-label="Open documents">
          {tabs.tabs.map((t) => {
            const key = tabKey(t);
            const name = itemName(snap.items[t.kind].get(t.id)) || t.id;
            return (
              <div key={key} className={`tab${key === tabs.active ? ' active' : ''}`} role="tab" aria-selected={key === tabs.active} data-editor={editorOf(t)}>
                <button type="button" className="tab-main" onClick={() => setTabs((s) => ({ ...s, active: key }))} title={`${name} (${editorOf(t)})`}>
                  <span className={`tab-dot ed-${editorOf(t)}`} aria-hidden="true" />
                  {name}
                </button>
                <button type="button" className="tab-x" aria-label={`Close ${name}`} onClick={() => setTabs((s) => closeTab(s, key))}>
                  ×
                </button>
              </div>
            );
          })}
        </div>
        <div className="tabpanel" role="tabpanel">
          <PresenceLayer store={presence} doc={tabs.active} />
          {activeTab ? (
            <DocumentView key={tabs.active!} session={session} tab={activeTab} onRename={() => setRenaming(activeTab)} />
          ) : (
            <div className="doc-empty">
              <p>Open a schematic sheet, PCB or library item from the project tree.</p>
              <p className="muted small">F2 rename · Ctrl+S sync now · Ctrl+PgUp/PgDn switch tabs · Ctrl+Alt+W close tab</p>
            </div>
          )}
        </div>
      </section>
      <StatusBar session={session} mode={mode} online={online} />
      {renaming && (
        <PromptDialog
          title="Rename"
          label="Name"
          okText="Rename"
          initial={itemName(snap.items[renaming.kind].get(renaming.id))}
          onOk={(v) => rename(renaming, v)}
          onClose={() => setRenaming(null)}
        />
      )}
      {renamingBoard !== null && (
        <PromptDialog
          title="Rename board"
          label="Name"
          okText="Rename"
          initial={renamingBoard}
          onOk={async (v) => {
            await renameBoard(session, renamingBoard, v);
            setRenamingBoard(null);
          }}
          onClose={() => setRenamingBoard(null)}
        />
      )}
      {blocks && (
        <BuildingBlockDialog
          project={session.uuid}
          onClose={() => setBlocks(false)}
          onPick={(b) => {
            setBlocks(false);
            setProgress({ message: PROGRESS.PASTE_DATA, share: 0 });
            insertBuildingBlock(session, b.projectId, (share) => setProgress({ message: PROGRESS.PASTE_DATA, share }))
              .then((name) => toast(`Building block inserted as board ${name}`, 'success', 3000), toastError)
              .finally(() => setProgress(null));
          }}
        />
      )}
      {toLibrary && <SaveToLibrary session={session} {...toLibrary} onClose={() => setToLibrary(null)} />}
      {confirm && <ConfirmDialog title={confirm.title} message={confirm.message} okText="Delete" onOk={confirm.run} onClose={() => setConfirm(null)} />}
      {progress && (
        <Modal title="Please wait" closable={false} width={420}>
          <Progress message={progress.message} share={progress.share} />
        </Modal>
      )}
      {conflicts.length > 0 && !session.readOnly && <WarningDialog rows={conflicts} onChoose={(c) => session.resolve(c)} />}
    </div>
  );
}
