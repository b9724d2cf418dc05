/** Editor modes (SPEC §1, MODE-1..3) and tab kinds (SPEC §2, TAB-1, TAB-2). */
import { DocType } from './enums.ts';

/**
 * Mode flags (MODE-1). SPEC names two brand-variant flags without their spelling; they are
 * BRAND_A and BRAND_B here (a mode string may also carry them as 'BRANDA'/'BRANDB').
 */
export const MODE_FLAGS = [
  'DEVPRO',
  'CLIENT',
  'PRIVATE',
  'ONLINE',
  'HALF_OFFLINE',
  'OFFLINE',
  'ECAD',
  'SCH',
  'PCB',
  'PANEL',
  'BRAND_A',
  'BRAND_B',
] as const;
export type ModeFlag = (typeof MODE_FLAGS)[number];

export interface EditorAvailability {
  sch: boolean;
  pcb: boolean;
  panel: boolean;
}
export interface ParsedMode {
  /** Known flags present, in the order of MODE_FLAGS. */
  flags: ModeFlag[];
  /** Tokens that are not known flags (kept, not an error). */
  unknown: string[];
  editors: EditorAvailability;
}

/**
 * MODE-1, MODE-2: split a dash-separated mode string. Tokens are trimmed and compared
 * case-insensitively. HALF_OFFLINE contains an underscore, never a dash, so splitting on '-' is safe;
 * the mistaken spelling 'HALF-OFFLINE' (two tokens HALF, OFFLINE) is joined back.
 * With none of SCH, PCB, PANEL present all three editors are available; otherwise only those named.
 */
export function parseMode(mode: string): ParsedMode {
  const raw = mode
    .split('-')
    .map((t) => t.trim().toUpperCase())
    .filter((t) => t !== '');
  const tokens: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === 'HALF' && raw[i + 1] === 'OFFLINE') {
      tokens.push('HALF_OFFLINE');
      i++;
    } else if (raw[i] === 'BRANDA' || raw[i] === 'BRANDB') tokens.push(raw[i] === 'BRANDA' ? 'BRAND_A' : 'BRAND_B');
    else tokens.push(raw[i]);
  }
  const present = new Set(tokens);
  const flags = MODE_FLAGS.filter((f) => present.has(f));
  const unknown = tokens.filter((t) => !(MODE_FLAGS as readonly string[]).includes(t));
  const named = present.has('SCH') || present.has('PCB') || present.has('PANEL');
  const editors: EditorAvailability = named
    ? { sch: present.has('SCH'), pcb: present.has('PCB'), panel: present.has('PANEL') }
    : { sch: true, pcb: true, panel: true };
  return { flags, unknown, editors };
}

export function hasModeFlag(mode: string | ParsedMode, flag: ModeFlag): boolean {
  const p = typeof mode === 'string' ? parseMode(mode) : mode;
  return p.flags.includes(flag);
}

/** MODE-3: read-only when the parent page address contains the word readonly (case-insensitive). */
export function isReadOnlyAddress(parentAddress: string | null | undefined): boolean {
  return typeof parentAddress === 'string' && parentAddress.toLowerCase().includes('readonly');
}

/** Tab kinds (SPEC §2), valued by their document/page type. */
export const TabKind = {
  BLANK: DocType.BLANKTAB,
  SCHEMATIC: DocType.SCH,
  PART: DocType.PART,
  PCB: DocType.PCB,
  FOOTPRINT: DocType.FOOTPRINT,
  PROJECT: DocType.PRJ,
  SUBPART: DocType.SUBPART,
  SPICE_SYMBOL: DocType.SPICESYMBOL,
  SUBCIRCUIT: DocType.SUBCKT,
  NETLIST: DocType.NETLIST,
  WAVEFORM: DocType.WAVEFORM,
  SCH_LIB_3D: DocType.SCHLIB3D,
  PHOTO_VIEW: DocType.PHOTOVIEW,
  SCH_MODULE: DocType.SCHMODULE,
  PCB_MODULE: DocType.PCBMODULE,
  VIEW_3D: DocType.VIEW3D,
  PCB_LIB_3D: DocType.PCBLIB3D,
  BLOCK_SYMBOL: DocType.BLOCK_SYMBOL,
  NET_FLAG: DocType.NETFLAG,
  NET_PORT: DocType.NETPORT,
  SHEET_SYMBOL: DocType.SHEET_SYMBOL,
  NONELEC_SYMBOL: DocType.NONEELEC_SYMBOL,
  SHORT_SYMBOL: DocType.SHORT_SYMBOL,
  FOOTPRINT_VIEW: DocType.FOOTPRINTVIEW,
  PANEL: DocType.PANEL,
} as const;
export type TabKind = (typeof TabKind)[keyof typeof TabKind];

export type EditorKind = 'blank' | 'schematic' | 'pcb' | 'panel';

/** TAB-1: blank; pcb for PCB and footprint; panel; schematic for all others. */
export function editorKindForTab(kind: number): EditorKind {
  switch (kind) {
    case TabKind.BLANK:
      return 'blank';
    case TabKind.PCB:
    case TabKind.FOOTPRINT:
      return 'pcb';
    case TabKind.PANEL:
      return 'panel';
    default:
      return 'schematic';
  }
}

/**
 * TAB-2: page ids run from other and home, through common blank and schematic, up to panel (26).
 * SPEC gives only the ends; OTHER is -2 (just before HOME=-1), the middle follows DocType.
 */
export const PageId = {
  OTHER: -2,
  HOME: DocType.HOME,
  COMMON_BLANK: DocType.BLANKTAB,
  SCHEMATIC: DocType.SCH,
  PANEL: DocType.PANEL,
} as const;
export const PAGE_ID_MIN = PageId.OTHER;
export const PAGE_ID_MAX = PageId.PANEL;
export function isPageId(v: unknown): boolean {
  return typeof v === 'number' && Number.isInteger(v) && v >= PAGE_ID_MIN && v <= PAGE_ID_MAX;
}
