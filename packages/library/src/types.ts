/**
 * The system component library's items: symbols, footprints and devices as the project format holds
 * them (SymbolData, FootprintData, DeviceData with their dataStr), plus the fields the library
 * searches and shows (value, package, keywords, manufacturer part, datasheet, pin mapping).
 */
import { TIMERS } from '@copperplate/model';
import type { DeviceData, FootprintData, SymbolData } from '@copperplate/format';

/** Component library types of SPEC §3 (symbol 2, device 3, footprint 4). */
/** Component library types of SPEC §3 kept here: symbol 2, device 3, footprint 4, panel part 26 (a PANEL_LIB document). */
export const LIB_TYPE = { SYMBOL: 2, DEVICE: 3, FOOTPRINT: 4, PANEL: 26 } as const;
export type LibType = (typeof LIB_TYPE)[keyof typeof LIB_TYPE];
export const LIB_TYPE_NAME: Record<LibType, 'symbol' | 'device' | 'footprint' | 'panel'> = { 2: 'symbol', 3: 'device', 4: 'footprint', 26: 'panel' };

/** Ownership of a library component (SPEC §3): 0 current user, 1 team, 2 system, 3 public (only 3 is public). */
export const LIB_OWNER = { PERSONAL: 0, TEAM: 1, SYSTEM: 2, PUBLIC: 3 } as const;
export type LibOwner = (typeof LIB_OWNER)[keyof typeof LIB_OWNER];

export interface LibraryItem {
  uuid: string;
  type: LibType;
  /** The library it came from: a KiCad library name (`Device`, `Resistor_SMD`) or `Basic` for generated parts. */
  lib: string;
  title: string;
  value: string;
  /** Footprint name (devices and footprints). */
  package: string;
  keywords: string;
  description: string;
  datasheet: string;
  manufacturerPart: string;
  designator: string;
  /** Devices: the symbol and footprint uuids ('' when the part has no default footprint). */
  symbol?: string;
  footprint?: string;
  /** Devices: pin number -> pin name of the symbol, pads by the same numbers. */
  pins?: Record<string, string>;
  doc: SymbolData | FootprintData | DeviceData;
}

/** The project documents of a device: itself, its symbol and its footprint (when it has one). */
export interface DevicePackage {
  device: DeviceData;
  symbol: SymbolData;
  footprint?: FootprintData;
}

/**
 * LIB-1: a component placed in a project is refreshed from the library only when the version it
 * stored differs from the library's latest update time (both whole seconds, as strings or numbers).
 */
export function needsRefresh(storedVersion: string | number | undefined, latestUpdateTime: string | number): boolean {
  return String(storedVersion ?? '') !== String(latestUpdateTime);
}

/**
 * LIB-2: library auto-update runs only when no schematic or PCB edit happened for 60 s
 * (TIMERS.LIBRARY_IDLE_MS). `lastEditAt` and `now` in ms; no edit yet (undefined) counts as idle.
 */
export function autoUpdateDue(lastEditAt: number | undefined, now: number): boolean {
  return lastEditAt === undefined || now - lastEditAt >= TIMERS.LIBRARY_IDLE_MS;
}

/** Licence of the KiCad libraries, shown in the library panel and by `copperplate library stats`. */
export const KICAD_LICENCE = {
  name: 'CC-BY-SA 4.0 with the KiCad libraries exception',
  text:
    'Symbols and footprints converted from the KiCad libraries (kicad-symbols, kicad-footprints) by the KiCad Library Team, ' +
    'licensed under CC-BY-SA 4.0 with this exception: using them in a design (schematic, board, fabrication files) does not ' +
    'make the design a derivative work, so designs may be licensed in any way. Changed libraries are shared under the same licence.',
  url: 'https://www.kicad.org/libraries/license/',
};
