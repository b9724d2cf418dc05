/** Where the app reads its mode string and read-only flag from (MODE-1..3). */
import { isReadOnlyAddress, parseMode, type ParsedMode } from '@copperplate/model';

/** The parent page's address, or this page's when it is the top window or the parent is cross-origin. */
export function parentAddress(win: Window = window): string {
  try {
    if (win.parent && win.parent !== win) return win.parent.location.href;
  } catch {
    // cross-origin parent: the referrer is the parent page's address
    return win.document.referrer || win.location.href;
  }
  return win.location.href;
}

/** The mode string: `?mode=` of the page address, default ONLINE (all three editors). */
export function currentModeString(win: Window = window): string {
  return new URLSearchParams(win.location.search).get('mode') ?? 'ONLINE';
}
export function currentMode(win: Window = window): ParsedMode {
  return parseMode(currentModeString(win));
}

export function currentReadOnly(win: Window = window): boolean {
  return isReadOnlyAddress(parentAddress(win));
}
