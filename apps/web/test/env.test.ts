import { describe, expect, it } from 'vitest';
import { currentMode, currentReadOnly, parentAddress } from '../src/lib/env.ts';

/** A window-shaped object (env.ts reads only these fields). */
function win(href: string, parent?: { href?: string; crossOrigin?: boolean }, referrer = ''): Window {
  const self: Record<string, unknown> = { location: { href, search: new URL(href).search }, document: { referrer } };
  self.parent = parent
    ? { get location() { if (parent.crossOrigin) throw new Error('SecurityError'); return { href: parent.href }; } }
    : self;
  return self as unknown as Window;
}

describe('mode and read-only from the page address', () => {
  it('[MODE-3] read-only when the parent page address contains readonly', () => {
    expect(currentReadOnly(win('http://h/#/project/x'))).toBe(false);
    expect(currentReadOnly(win('http://h/?view=readonly#/project/x'))).toBe(true);
    expect(currentReadOnly(win('http://h/#/project/x', { href: 'http://portal/share/readonly/1' }))).toBe(true);
    expect(currentReadOnly(win('http://h/?readonly#/p', { href: 'http://portal/edit/1' }))).toBe(false);
    // a cross-origin parent: its address is the referrer
    expect(parentAddress(win('http://h/', { crossOrigin: true }, 'http://portal/ReadOnly/2'))).toBe('http://portal/ReadOnly/2');
    expect(currentReadOnly(win('http://h/', { crossOrigin: true }, 'http://portal/ReadOnly/2'))).toBe(true);
  });
  it('[MODE-1][MODE-2] the mode string comes from ?mode=, default all three editors', () => {
    expect(currentMode(win('http://h/')).editors).toEqual({ sch: true, pcb: true, panel: true });
    expect(currentMode(win('http://h/?mode=DEVPRO-ONLINE-PCB')).editors).toEqual({ sch: false, pcb: true, panel: false });
    expect(currentMode(win('http://h/?mode=CLIENT-HALF_OFFLINE-SCH-PANEL')).flags).toEqual(['CLIENT', 'HALF_OFFLINE', 'SCH', 'PANEL']);
  });
});
