import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DocType } from '@copperplate/model';
import {
  buildTree,
  closeTab,
  downloadFileName,
  editorOf,
  loadTabs,
  openTab,
  parseRecords,
  readCookie,
  readReport,
  recentProjects,
  saveTabs,
  tabKindOf,
  FAILURE_GROUPS,
} from '@copperplate/web';

class MemStorage {
  m = new Map<string, string>();
  getItem(k: string) { return this.m.get(k) ?? null; }
  setItem(k: string, v: string) { this.m.set(k, v); }
  removeItem(k: string) { this.m.delete(k); }
  clear() { this.m.clear(); }
  key() { return null; }
  get length() { return this.m.size; }
}

describe('tabs', () => {
  it('[TAB-1] tab kinds map to editor kinds: blank; pcb for PCB and footprint; panel; schematic for the rest', () => {
    const ed = (tabKind: number) => editorOf({ kind: 'sheets', id: 'x', tabKind });
    expect(ed(DocType.BLANKTAB)).toBe('blank');
    expect(ed(DocType.PCB)).toBe('pcb');
    expect(ed(DocType.FOOTPRINT)).toBe('pcb');
    expect(ed(DocType.PANEL)).toBe('panel');
    for (const t of [DocType.SCH, DocType.PART, DocType.NETFLAG, DocType.SHEET_SYMBOL, DocType.DEVICE]) expect(ed(t)).toBe('schematic');
    expect(tabKindOf('footprints', undefined)).toBe(DocType.FOOTPRINT);
    expect(tabKindOf('symbols', { docType: DocType.NETFLAG })).toBe(DocType.NETFLAG);
    expect(tabKindOf('pcbs', undefined)).toBe(DocType.PCB);
  });
  it('[TAB-2] a tab\'s kind is a page id, from other (-2) and home (-1) up to panel (26): a kept tab of another id is dropped, a symbol of another type opens as a part', () => {
    const st = new MemStorage() as unknown as Storage;
    const tabs = [-2, -1, 0, 1, 26, 27, -3, 1.5].map((tabKind, i) => ({ kind: 'sheets' as const, id: `t${i}`, tabKind }));
    st.setItem('copperplate:tabs:p', JSON.stringify({ tabs, active: 'sheets:t5' }));
    const back = loadTabs('p', st);
    expect(back.tabs.map((t) => t.tabKind)).toEqual([-2, -1, 0, 1, 26]);
    expect(back.active).toBe('sheets:t0'); // the active tab (27) was dropped: the first is active
    expect(tabKindOf('symbols', { docType: DocType.PANEL })).toBe(DocType.PANEL);
    expect(tabKindOf('symbols', { docType: DocType.PANEL3D })).toBe(DocType.PART);
    expect(tabKindOf('symbols', { docType: DocType.PANEL_LIB })).toBe(DocType.PART);
  });
  it('tabs are kept across a reload (storage round trip), closing moves to a neighbour', () => {
    const st = new MemStorage() as unknown as Storage;
    let s = openTab({ tabs: [], active: null }, { kind: 'sheets', id: 'a', tabKind: 1 });
    s = openTab(s, { kind: 'pcbs', id: 'b', tabKind: 3 });
    s = openTab(s, { kind: 'sheets', id: 'a', tabKind: 1 });
    expect(s.tabs).toHaveLength(2);
    expect(s.active).toBe('sheets:a');
    saveTabs('p1', s, st);
    expect(loadTabs('p1', st)).toEqual(s);
    expect(loadTabs('p2', st)).toEqual({ tabs: [], active: null });
    st.setItem('copperplate:tabs:p3', '{broken');
    expect(loadTabs('p3', st)).toEqual({ tabs: [], active: null });
    expect(closeTab(s, 'sheets:a').active).toBe('pcbs:b');
  });
});

describe('names and lists', () => {
  it('[ARC-4] download names: ProPrj_ or ReuseBlock_ plus year-month-day', () => {
    const d = new Date(2025, 0, 5);
    expect(downloadFileName(false, d)).toBe('ProPrj_2025-01-05.epro');
    expect(downloadFileName(true, d)).toBe('ReuseBlock_2025-01-05.epro');
  });
  it('[UI-4] recent projects: only non-building-block projects where the user is a member, newest last-open first', () => {
    const e = (id: string, t: number, cbb: boolean, members: string[]) => ({ projectId: id, projectName: id, timeOfOpenProject: t, updateTime: t, cbb_project: cbb, members: members.map((uuid) => ({ uuid })) });
    const list = recentProjects([e('old', 1, false, ['u']), e('cbb', 9, true, ['u']), e('other', 8, false, ['v']), e('new', 5, false, ['v', 'u'])], 'u');
    expect(list.map((x) => x.projectId)).toEqual(['new', 'old']);
  });
  it('[UI-3] the import report is grouped by Schematic, Page, Symbol, Pcb, Footprint, Device, Panel, Pour, True Color Image, Font', () => {
    const r = readReport({ ok: false, failures: { fonts: ['f1'], sheet: [{ name: 'P1', message: 'missing' }], Schematic: ['s'] } }, 'uuid');
    expect(r.ok).toBe(false);
    expect(r.groups.map((g) => g.group)).toEqual(['Schematic', 'Page', 'Font']);
    expect(r.groups[1].lines).toEqual(['P1: missing']);
    expect(readReport({ ok: true, failures: {} }, 'uuid').ok).toBe(true);
    expect(readReport({ ok: true }, null).ok).toBe(false);
    expect(FAILURE_GROUPS).toHaveLength(10);
  });
  it('[issue-10] the conversion report of a V3 archive is read beside the failures (warnings, ok stays true)', () => {
    const r = readReport({ ok: true, failures: {}, conversion: { total: 10, carried: 7, notCarried: [{ kind: 'PCB RULE', count: 3, reason: 'design rules have no converter yet' }] } }, 'uuid');
    expect(r.ok).toBe(true);
    expect(r.conversion).toEqual(['7 of 10 records of the EasyEDA Pro V3 archive carried', 'PCB RULE: 3 (design rules have no converter yet)']);
    expect(readReport({ ok: true, failures: {} }, 'uuid').conversion).toBeUndefined();
  });
  it('[issue-10] warnings (kept, not whole) are read beside the failures and do not make the import fail', () => {
    const r = readReport({ ok: true, failures: {}, warnings: { Device: [{ name: 'LED', message: 'system library' }], Pour: [], Page: [] } }, 'uuid');
    expect(r.ok).toBe(true);
    expect(r.groups).toEqual([]);
    expect(r.warnings).toEqual([{ group: 'Device', lines: ['LED: system library'] }]);
    expect(readReport({ ok: true, failures: {}, warnings: { Device: [] } }, 'uuid').warnings).toBeUndefined();
  });
  it('[CALL-8] a failed call shows the message mapped from the code, else the server\'s', async () => {
    const { messageFor } = await import('@copperplate/web');
    expect(messageFor(3002, 'whatever')).toBe('Backup Name already exists');
    expect(messageFor(4000001, 'Bad request: name too long')).toBe('Bad request: name too long');
    expect(messageFor(987654, 'server says')).toBe('server says');
    expect(messageFor(987654, undefined)).toBe('Network Error!');
  });
  it('[CALL-2] the CSRF token is read from the cp_csrf cookie', () => {
    expect(readCookie('cp_csrf', 'a=1; cp_csrf=tok%3D; b=2')).toBe('tok=');
    expect(readCookie('cp_csrf', 'a=1')).toBe('');
  });
});

describe('tree and records', () => {
  it('the tree holds boards with their schematic (sheets in sort order) and PCB, then library groups', () => {
    const items = {
      schematics: new Map([['s1', { uuid: 's1', name: 'Main', display_name: 'Main', sort: ['p2', 'p1'] }]]),
      sheets: new Map([['p1', { uuid: 'p1', schematic_uuid: 's1', title: 'One', display_title: 'One' }], ['p2', { uuid: 'p2', schematic_uuid: 's1', title: 'Two', display_title: 'Two' }]]),
      pcbs: new Map([['b1', { uuid: 'b1', title: 'Board PCB', display_title: 'Board PCB' }]]),
      panels: new Map(), symbols: new Map(), footprints: new Map(), devices: new Map(),
    };
    const tree = buildTree({ detail: { uuid: 'x', title: 'T', g_ticket: 1, boards: [{ name: 'Board1', sch: 's1', pcb: 'b1' }] }, items } as never);
    expect(tree[0].label).toBe('Board1');
    expect(tree[0].children!.map((c) => c.label)).toEqual(['Main', 'Board PCB']);
    expect(tree[0].children![0].children!.map((c) => c.label)).toEqual(['Two', 'One']);
    expect(tree.slice(1).map((n) => n.label)).toEqual(['Panels', 'Symbols', 'Footprints', 'Devices']);
  });
  it('records of a real sheet parse line by line, hostile text kept as data', () => {
    const rows = parseRecords('["DOCTYPE","SCH","1.1"]\n["ATTR","e1","","<img src=x onerror=alert(1)>","v"]\nnot json');
    expect(rows.map((r) => r.type)).toEqual(['DOCTYPE', 'ATTR', '?']);
    expect(rows[1].fields[1]).toBe('<img src=x onerror=alert(1)>');
    expect(rows[2].raw).toBe('not json');
  });
  it('no source file of the web app injects HTML (dangerouslySetInnerHTML / innerHTML) outside the painter view', () => {
    const files = ['ui/App.tsx', 'ui/StartPage.tsx', 'ui/LoginForm.tsx', 'project/ProjectTree.tsx', 'project/DocumentView.tsx', 'dialogs/ImportDialog.tsx', 'dialogs/WarningDialog.tsx', 'dialogs/BackupsDialog.tsx'];
    for (const f of files) expect(readFileSync(new URL(`../src/${f}`, import.meta.url), 'utf8')).not.toMatch(/dangerouslySetInnerHTML|innerHTML/);
  });
});
