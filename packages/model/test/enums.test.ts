import { describe, it, expect } from 'vitest';
import {
  DocType,
  isDocType,
  docTypeName,
  isSymbolDocType,
  LibraryType,
  OwnershipScope,
  ComponentOwner,
  isPublicOwner,
  LogLevel,
  LOG_LEVELS,
  Module,
  FileExtension,
  ARCHIVE_FOLDERS,
  IMPORT_JSON_FILES,
  PcbLayer,
  FormatLayer,
  formatLayerToPcbLayer,
  pcbLayerToFormatLayer,
  formatInnerIndex,
  isCopperFormatLayer,
  UploadStatus,
  DEFAULT_CBB_BOARD_NAME,
  RulerStyle,
} from '../src/index.ts';

describe('enums of SPEC §3', () => {
  it('[ENT-1] document type numeric values', () => {
    expect(DocType.HOME).toBe(-1);
    expect(DocType.BLANKTAB).toBe(0);
    expect(DocType.SCH).toBe(1);
    expect(DocType.FOOTPRINT).toBe(4);
    expect(DocType.BLOCK_SYMBOL).toBe(17);
    expect(DocType.SHORT_SYMBOL).toBe(22);
    expect(DocType.CNCPRINTVIEW).toBe(24);
    expect(DocType.PANEL).toBe(26);
    expect(DocType.DEVICE).toBe(28);
    expect(DocType.PANEL_LIB).toBe(29);
    expect(Object.keys(DocType)).toHaveLength(30);
    expect(isDocType(25)).toBe(false);
    expect(isDocType(26)).toBe(true);
    expect(docTypeName(20)).toBe('SHEET_SYMBOL');
    // FORMAT.md symbol types 2, 18, 19, 20, 22 are symbol doc types
    for (const t of [2, 18, 19, 20, 22, 17]) expect(isSymbolDocType(t)).toBe(true);
    for (const t of [1, 3, 4, 26, 28]) expect(isSymbolDocType(t)).toBe(false);
  });
  it('[ENT-1] library types, ownership scopes, log levels, modules, ruler styles, file extensions', () => {
    expect(LibraryType).toEqual({ blank: 0, cbb: 1, symbol: 2, device: 3, footprint: 4, model3d: 5, model3ds: 16, panel: 26 });
    expect(OwnershipScope).toEqual({ personal: 0, team: 1, systematic: 2, public: 3 });
    expect(LOG_LEVELS).toEqual(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'DUMMY']);
    expect(LogLevel.WARN).toBe('WARN');
    expect(Object.values(Module)).toEqual(['SCH', 'PCB', 'PANEL']);
    expect(Object.values(RulerStyle)).toEqual(['ruler', 'un_ruler']);
    expect(Object.values(FileExtension)).toEqual(['.epro', '.esch', '.epcb', '.epan', '.esym', '.efoo', '.eins', '.ecop', '.eblob', '.efon', '.zip']);
  });
  it('only owner value 3 counts as public (the model helper; the server search is tested in apps/server library.test)', () => {
    expect(ComponentOwner).toEqual({ currentUser: 0, teamMember: 1, system: 2, public: 3 });
    expect([0, 1, 2, 3, 4, '3', null].map(isPublicOwner)).toEqual([false, false, false, true, false, false, false]);
  });
  it('default building-block board name is board1', () => {
    expect(DEFAULT_CBB_BOARD_NAME).toBe('board1');
  });
  it('archive folders and import json files', () => {
    expect(ARCHIVE_FOLDERS).toEqual(['SHEET', 'INSTANCE', 'SYMBOL', 'PCB', 'FOOTPRINT', 'POUR', 'PANEL', 'BLOB', 'FONT']);
    expect(IMPORT_JSON_FILES).toEqual(['project.json', 'device.json', 'symbol.json', 'footprint.json', 'panel-lib.json']);
  });
  it('upload status values', () => {
    expect(UploadStatus).toEqual({ UPLOADING: 0, FAILED: 1 });
  });
});

describe('layers: SPEC numbering, file numbering, one mapping', () => {
  it('[ENT-1] SPEC PCB layer numbering', () => {
    expect(PcbLayer.TOP).toBe(1);
    expect(PcbLayer.TOP_PASTE).toBe(5);
    expect(PcbLayer.TOP_SOLDER).toBe(7);
    expect(PcbLayer.BOARD_OUTLINE).toBe(10);
    expect(PcbLayer.MODEL_3D).toBe(19);
    expect([PcbLayer.INNER_FIRST, PcbLayer.INNER_LAST, PcbLayer.BOARD_FIRST, PcbLayer.BOARD_LAST]).toEqual([21, 52, 53, 84]);
  });
  it('[ENT-1] file layer ids map to SPEC ids and back', () => {
    expect(formatLayerToPcbLayer(FormatLayer.TOP_SOLDER_MASK)).toBe(PcbLayer.TOP_SOLDER); // 5 -> 7
    expect(formatLayerToPcbLayer(FormatLayer.TOP_PASTE)).toBe(PcbLayer.TOP_PASTE); // 7 -> 5
    expect(formatLayerToPcbLayer(FormatLayer.OUTLINE)).toBe(PcbLayer.BOARD_OUTLINE); // 11 -> 10
    expect(formatLayerToPcbLayer(FormatLayer.MULTI)).toBe(PcbLayer.ALL);
    expect(formatLayerToPcbLayer(15)).toBe(21); // Inner1
    expect(formatLayerToPcbLayer(46)).toBe(52); // Inner32
    expect(formatLayerToPcbLayer(FormatLayer.HOLE)).toBeUndefined();
    expect(formatLayerToPcbLayer(101)).toBeUndefined();
    for (let f = 1; f <= 120; f++) {
      const p = formatLayerToPcbLayer(f);
      if (p !== undefined) expect(pcbLayerToFormatLayer(p)).toBe(f);
    }
    expect(pcbLayerToFormatLayer(PcbLayer.BOTTOM_COMPONENT)).toBe(FormatLayer.COMPONENT_SHAPE);
    expect(pcbLayerToFormatLayer(PcbLayer.SUBSTRATE)).toBeUndefined();
    expect(formatInnerIndex(15)).toBe(1);
    expect(formatInnerIndex(14)).toBeUndefined();
    expect([1, 2, 12, 20, 46, 3, 47].map(isCopperFormatLayer)).toEqual([true, true, true, true, true, false, false]);
  });
});
