/** Open tabs of a project, kept across a reload in localStorage (issue 4 §3). */
import { editorKindForTab, isPageId, type EditorKind } from '@copperplate/model';
import type { ViewKind } from './types.ts';

export interface Tab {
  kind: ViewKind;
  id: string;
  /** The SPEC §2 tab kind (a DocType value). */
  tabKind: number;
}
export interface TabState {
  tabs: Tab[];
  active: string | null;
}

export const tabKey = (t: { kind: string; id: string }) => `${t.kind}:${t.id}`;
/** TAB-1: the editor a tab opens in. */
export const editorOf = (t: Tab): EditorKind => editorKindForTab(t.tabKind);

const storageKey = (projectUuid: string) => `copperplate:tabs:${projectUuid}`;

export function loadTabs(projectUuid: string, storage: Storage = localStorage): TabState {
  try {
    const raw = JSON.parse(storage.getItem(storageKey(projectUuid)) ?? 'null') as TabState | null;
    if (raw && Array.isArray(raw.tabs)) {
      const tabs = raw.tabs.filter((t) => t && typeof t.kind === 'string' && typeof t.id === 'string' && isPageId(t.tabKind)); // TAB-2: a kept tab of another page id is dropped
      const active = tabs.some((t) => tabKey(t) === raw.active) ? raw.active : (tabs[0] ? tabKey(tabs[0]) : null);
      return { tabs, active };
    }
  } catch {
    /* unreadable state: start empty */
  }
  return { tabs: [], active: null };
}

export function saveTabs(projectUuid: string, state: TabState, storage: Storage = localStorage): void {
  try {
    storage.setItem(storageKey(projectUuid), JSON.stringify(state));
  } catch {
    /* storage full or denied: tabs are not kept */
  }
}

export function openTab(state: TabState, tab: Tab): TabState {
  const key = tabKey(tab);
  return { tabs: state.tabs.some((t) => tabKey(t) === key) ? state.tabs : [...state.tabs, tab], active: key };
}

export function closeTab(state: TabState, key: string): TabState {
  const i = state.tabs.findIndex((t) => tabKey(t) === key);
  if (i < 0) return state;
  const tabs = state.tabs.filter((_, j) => j !== i);
  const active = state.active === key ? (tabs[Math.min(i, tabs.length - 1)] ? tabKey(tabs[Math.min(i, tabs.length - 1)]) : null) : state.active;
  return { tabs, active };
}
