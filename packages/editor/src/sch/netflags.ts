/**
 * Built-in net flags (power and ground ports, symbol type 18) and net ports (type 19), drawn like
 * EasyEDA Pro's own "5-Voltage" and "Ground-GND" symbols (fixture STM32G431-mini): a flag is a
 * COMPONENT of a one-pin symbol whose `Global Net Name` (18) or `Name` (19) ATTR names the net
 * (FORMAT.md). A new project has no such symbol: `ensureFlagSymbol` adds the symbol to the context
 * (the host saves it as a project symbol), reusing one of the same title and type when the project
 * already has it.
 */
import { parseDocuments } from '@copperplate/format';
import { newDocumentId } from '@copperplate/model';
import { EditorDocument } from '../core/document.ts';
import type { SchContext, SymbolInfo } from './context.ts';

export type FlagStyle = 'power' | 'ground' | 'port';

/** The power and ground names the place menu offers; any other name is placed as a power flag. */
export const POWER_FLAG_NAMES = ['VCC', '3V3', '5V', '12V', 'VDD', 'GND', 'AGND', 'VSS'] as const;

/** GND, AGND, DGND, PGND, VSS, 0V... are ground flags; other names are power flags. */
export function flagStyleFor(name: string): FlagStyle {
  return /^(A|D|P|S|CHASSIS_?)?GND$|^VSS[A-Z]*$|^0V$/i.test(name.trim()) ? 'ground' : 'power';
}

const TITLES: Record<FlagStyle, string> = { power: 'Power-Bar', ground: 'Ground-GND', port: 'Net-Port' };
const TYPES: Record<FlagStyle, 18 | 19> = { power: 18, ground: 18, port: 19 };

const line = (r: unknown[]): string => JSON.stringify(r);

/** The symbol document text of a built-in flag (pin end at the origin, 0.01 inch, Y up). */
export function flagSymbolText(style: FlagStyle): string {
  const rows: unknown[][] = [['DOCTYPE', 'SYMBOL', '1.1'], ['HEAD', { originX: 0, originY: 0, version: '2', maxId: 30, symbolType: TYPES[style] }]];
  const pin = (rot: number, len: number) => [
    ['PIN', 'e2', 1, 1, 0, 0, len, rot, null, 0, 0],
    ['ATTR', 'e3', 'e2', 'NAME', 'Pin1', 0, 0, 0, 0, 0, null, 0],
    ['ATTR', 'e4', 'e2', 'NUMBER', '1', 0, 0, 0, 0, 0, null, 0],
    ['ATTR', 'e5', 'e2', 'Pin Type', style === 'port' ? 'BI' : 'IN', 0, 0, 0, 0, 0, null, 0],
  ];
  if (style === 'power') {
    rows.push(['PART', '', { BBOX: [-10, 15, 10, 0] }], ['ATTR', 'e1', '', 'Global Net Name', '', 0, 1, 0, 15, 0, null, 0], ...pin(90, 10));
    rows.push(['POLY', 'e10', [-10, 10, 10, 10], false, null, 0]);
  } else if (style === 'ground') {
    rows.push(['PART', '', { BBOX: [-10, 0, 10, -19] }], ['ATTR', 'e1', '', 'Global Net Name', '', 0, 1, 0, -25, 0, null, 0], ...pin(270, 10));
    rows.push(['POLY', 'e10', [-10, -10, 10, -10], false, null, 0], ['POLY', 'e11', [-7, -13, 7, -13], false, null, 0], ['POLY', 'e12', [-4, -16, 4, -16], false, null, 0], ['POLY', 'e13', [-1, -19, 1, -19], false, null, 0]);
  } else {
    rows.push(['PART', '', { BBOX: [0, -5, 40, 5] }], ['ATTR', 'e1', '', 'Name', '', 0, 1, 12, 0, 0, null, 0], ...pin(0, 5));
    rows.push(['POLY', 'e10', [5, 0, 10, 5, 40, 5, 40, -5, 10, -5, 5, 0], true, null, 0]);
  }
  return rows.map(line).join('\n');
}

/** The name ATTR key of a flag symbol type: 18 `Global Net Name`, 19 `Name`. */
export const flagNameKey = (type: number): string => (type === 19 ? 'Name' : 'Global Net Name');

export interface FlagSymbol { info: SymbolInfo; text: string; created: boolean }

/**
 * The project symbol of a built-in flag style: an existing symbol of the same title and type, else a
 * new one registered in `ctx.symbols` (`created`: the host saves `text` as a project symbol).
 */
export function ensureFlagSymbol(ctx: SchContext, style: FlagStyle, uuid: string = newDocumentId()): FlagSymbol {
  const title = TITLES[style], type = TYPES[style];
  const text = flagSymbolText(style);
  for (const s of ctx.symbols.values()) if (s.title === title && s.type === type) return { info: s, text, created: false };
  const info: SymbolInfo = { uuid, title, type, doc: new EditorDocument(parseDocuments(text)) };
  ctx.symbols.set(uuid, info);
  return { info, text, created: true };
}
