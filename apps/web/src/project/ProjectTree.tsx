/** The left project tree (issue 4 §3): an ARIA tree; clicking a document opens its tab. */
import { useState, type KeyboardEvent } from 'react';
import type { TreeNode } from './tree.ts';
import type { Peer } from './presence.ts';
import { PresenceDots } from './PresenceLayer.tsx';

const ICONS: Record<TreeNode['icon'], string> = {
  board: 'B',
  schematic: 'S',
  sheet: 'P',
  pcb: 'C',
  panel: 'N',
  symbol: 'Y',
  footprint: 'F',
  device: 'D',
  folder: '',
};

type MenuFn = (n: TreeNode, x: number, y: number) => void;
/**
 * Tree actions besides open and the menu: F2 renames; a node dragged onto another of its order group
 * (a sheet onto a sheet of its schematic, a schematic on no board onto another) goes before it.
 */
export interface TreeActions {
  onRename?: (n: TreeNode) => void;
  onReorder?: (group: string, id: string, beforeId: string) => void;
  /** Other users with the project open, by the document they have open (`kind:id`; '*': all of them). */
  peers?: ReadonlyMap<string, Peer[]>;
}
const DRAG_TYPE = 'application/x-copperplate-order';
/** The order group being dragged (dragover cannot read the transfer's data, only its types). */
let dragging: string | null = null;

function Node({ node, depth, active, collapsed, toggle, onOpen, onMenu, acts }: { node: TreeNode; depth: number; active: string | null; collapsed: Set<string>; toggle: (k: string) => void; onOpen: (n: TreeNode) => void; onMenu: MenuFn; acts: TreeActions }) {
  const order = node.order;
  const [over, setOver] = useState(false);
  const hasKids = !!node.children;
  const open = hasKids && !collapsed.has(node.key);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'F2' && acts.onRename) {
      e.preventDefault();
      acts.onRename(node);
    } else if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
      e.preventDefault();
      const r = (e.currentTarget as HTMLElement).getBoundingClientRect();
      onMenu(node, r.left + 24, r.bottom);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (node.doc) onOpen(node);
      else if (hasKids) toggle(node.key);
    } else if (e.key === 'ArrowRight' && hasKids && !open) toggle(node.key);
    else if (e.key === 'ArrowLeft' && hasKids && open) toggle(node.key);
    else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const all = [...document.querySelectorAll<HTMLElement>('.tree .tree-row')];
      const i = all.indexOf(e.currentTarget as HTMLElement);
      all[e.key === 'ArrowDown' ? Math.min(all.length - 1, i + 1) : Math.max(0, i - 1)]?.focus();
    }
  };
  const isActive = node.doc && active === `${node.doc.kind}:${node.doc.id}`;
  return (
    <li role="treeitem" aria-expanded={hasKids ? open : undefined} aria-selected={!!isActive} aria-label={node.label} data-icon={node.icon}>
      <div
        className={`tree-row${isActive ? ' active' : ''}${node.doc ? ' is-doc' : ''}${over ? ' drop-before' : ''}`}
        draggable={!!order && !!acts.onReorder}
        onDragStart={(e) => {
          if (!order) return;
          e.stopPropagation();
          dragging = order.group;
          e.dataTransfer.setData(DRAG_TYPE, order.id);
          e.dataTransfer.effectAllowed = 'move';
        }}
        onDragEnd={() => (dragging = null)}
        onDragOver={(e) => {
          if (!order || dragging !== order.group || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'move';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          setOver(false);
          const id = e.dataTransfer.getData(DRAG_TYPE);
          if (!order || dragging !== order.group || !id) return;
          e.preventDefault();
          dragging = null;
          acts.onReorder?.(order.group, id, order.id);
        }}
        style={{ paddingLeft: 6 + depth * 14 }}
        tabIndex={0}
        onClick={() => (node.doc ? onOpen(node) : hasKids && toggle(node.key))}
        onKeyDown={onKey}
        onContextMenu={(e) => {
          e.preventDefault();
          onMenu(node, e.clientX, e.clientY);
        }}
        title={node.label}
      >
        <span className={`twist${hasKids ? '' : ' none'}`} onClick={(e) => (e.stopPropagation(), hasKids && toggle(node.key))} aria-hidden="true">
          {hasKids ? (open ? '▾' : '▸') : ''}
        </span>
        {node.icon !== 'folder' && <span className={`ticon ticon-${node.icon}`} aria-hidden="true">{ICONS[node.icon]}</span>}
        <span className={`tlabel${node.icon === 'folder' ? ' folder' : ''}`}>{node.label}</span>
        {node.doc && acts.peers?.get(`${node.doc.kind}:${node.doc.id}`) && <PresenceDots peers={acts.peers.get(`${node.doc.kind}:${node.doc.id}`)!} testId="tree-presence" />}
        {node.icon === 'folder' && <span className="tcount">{node.children?.length ?? 0}</span>}
      </div>
      {open && node.children!.length > 0 && (
        <ul role="group">
          {node.children!.map((c) => (
            <Node key={c.key} node={c} depth={depth + 1} active={active} collapsed={collapsed} toggle={toggle} onOpen={onOpen} onMenu={onMenu} acts={acts} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function ProjectTree({ nodes, active, title, onOpen, onMenu, ...acts }: { nodes: TreeNode[]; active: string | null; title: string; onOpen: (n: TreeNode) => void; onMenu: MenuFn } & TreeActions) {
  // library groups start folded; boards, schematics and PCBs start open
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set(['group:symbols', 'group:footprints', 'group:devices']));
  const toggle = (k: string) =>
    setCollapsed((s) => {
      const n = new Set(s);
      if (n.has(k)) n.delete(k);
      else n.add(k);
      return n;
    });
  return (
    <nav className="tree-pane" aria-label="Project tree">
      <div className="pane-head">Project{acts.peers?.get('*') && <PresenceDots peers={acts.peers.get('*')!} testId="project-presence" />}</div>
      <ul className="tree" role="tree" aria-label={title}>
        {nodes.map((n) => (
          <Node key={n.key} node={n} depth={0} active={active} collapsed={collapsed} toggle={toggle} onOpen={onOpen} onMenu={onMenu} acts={acts} />
        ))}
      </ul>
    </nav>
  );
}
