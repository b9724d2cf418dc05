import { describe, it, expect } from 'vitest';
import { parseMode, hasModeFlag, isReadOnlyAddress, editorKindForTab, TabKind, DocType, PageId, isPageId, MODE_FLAGS } from '../src/index.ts';

describe('modes', () => {
  it('[MODE-1] dash-separated flags are recognised', () => {
    const m = parseMode('DEVPRO-CLIENT-PRIVATE-ONLINE-HALF_OFFLINE-OFFLINE-ECAD');
    expect(m.flags).toEqual(['DEVPRO', 'CLIENT', 'PRIVATE', 'ONLINE', 'HALF_OFFLINE', 'OFFLINE', 'ECAD']);
    expect(m.unknown).toEqual([]);
    expect(parseMode('online-xyz').flags).toEqual(['ONLINE']);
    expect(parseMode('online-xyz').unknown).toEqual(['XYZ']);
    expect(parseMode('HALF-OFFLINE').flags).toEqual(['HALF_OFFLINE']);
    expect(parseMode('').flags).toEqual([]);
    expect(hasModeFlag('CLIENT-SCH', 'CLIENT')).toBe(true);
    expect(hasModeFlag('CLIENT-SCH', 'OFFLINE')).toBe(false);
    expect(MODE_FLAGS).toHaveLength(12);
  });
  it('[MODE-2] with none of SCH, PCB, PANEL all editors; otherwise only those named', () => {
    expect(parseMode('ONLINE').editors).toEqual({ sch: true, pcb: true, panel: true });
    expect(parseMode('').editors).toEqual({ sch: true, pcb: true, panel: true });
    expect(parseMode('ONLINE-SCH').editors).toEqual({ sch: true, pcb: false, panel: false });
    expect(parseMode('PCB-PANEL').editors).toEqual({ sch: false, pcb: true, panel: true });
    expect(parseMode('sch-pcb-panel').editors).toEqual({ sch: true, pcb: true, panel: true });
  });
  it('[MODE-3] read-only when the parent address contains readonly', () => {
    expect(isReadOnlyAddress('https://x.example/editor?mode=readonly&id=1')).toBe(true);
    expect(isReadOnlyAddress('https://x.example/ReadOnly/p')).toBe(true);
    expect(isReadOnlyAddress('https://x.example/editor')).toBe(false);
    expect(isReadOnlyAddress('read-only')).toBe(false);
    expect(isReadOnlyAddress(undefined)).toBe(false);
  });
  it('[TAB-1] tab kinds map to editor kinds', () => {
    expect(editorKindForTab(TabKind.BLANK)).toBe('blank');
    expect(editorKindForTab(TabKind.PCB)).toBe('pcb');
    expect(editorKindForTab(TabKind.FOOTPRINT)).toBe('pcb');
    expect(editorKindForTab(TabKind.PANEL)).toBe('panel');
    const others = Object.values(TabKind).filter((k) => ![TabKind.BLANK, TabKind.PCB, TabKind.FOOTPRINT, TabKind.PANEL].includes(k as never));
    expect(others.length).toBe(21);
    for (const k of others) expect(editorKindForTab(k)).toBe('schematic');
    expect(editorKindForTab(DocType.SCH)).toBe('schematic');
  });
  it('[issue-17] isPageId (used by the web tabs, see apps/web shell.test): page ids run from other and home through blank and schematic to panel (26)', () => {
    expect(PageId.OTHER).toBeLessThan(PageId.HOME);
    expect([PageId.HOME, PageId.COMMON_BLANK, PageId.SCHEMATIC, PageId.PANEL]).toEqual([-1, 0, 1, 26]);
    expect(isPageId(-2)).toBe(true);
    expect(isPageId(26)).toBe(true);
    expect(isPageId(27)).toBe(false);
    expect(isPageId(-3)).toBe(false);
  });
});
