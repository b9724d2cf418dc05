/**
 * A new project as EasyEDA Pro starts one: a board ("Board1") holding a schematic with sheet 1 and a
 * PCB. The create call of the server, the CLI's `new` and the demo all start from here, so the app,
 * the API and the CLI agree. Document units: schematic 0.01 inch, PCB 1 mil, Y up (FORMAT.md).
 * Pure: ids come from the caller (`newId` returns 32 alphanumeric characters, ID-1).
 */
import { DEFAULT_CBB_BOARD_NAME } from '@copperplate/model';
import { emptyProjectData, type ProjectData } from './project-data.ts';

/** Editor version written into new documents' HEAD and project.json config. */
export const BLANK_EDITOR_VERSION = '2.2.47';

const line = (r: unknown[]): string => JSON.stringify(r);

/** A schematic page with no content yet (DOCTYPE SCH 1.1 and its HEAD). */
export function blankSheetText(): string {
  return [['DOCTYPE', 'SCH', '1.1'], ['HEAD', { originX: 0, originY: 0, version: '2', maxId: 0 }]].map(line).join('\n');
}

/**
 * The layers of a new two-layer board, as real exports list them: id, type, name, state bits
 * (1 used, 2 visible), colour, alpha, inactive colour, inactive alpha.
 */
const BLANK_LAYERS: ReadonlyArray<[number, string, string, string, string]> = [
  [1, 'TOP', 'Top Layer', '#ff0000', '#7f0000'],
  [2, 'BOTTOM', 'Bottom Layer', '#0000ff', '#00007f'],
  [3, 'TOP_SILK', 'Top Silkscreen Layer', '#ffcc00', '#7f6600'],
  [4, 'BOT_SILK', 'Bottom Silkscreen Layer', '#66cc33', '#336619'],
  [7, 'TOP_PASTE_MASK', 'Top Paste Mask Layer', '#808080', '#404040'],
  [8, 'BOT_PASTE_MASK', 'Bottom Paste Mask Layer', '#800000', '#400000'],
  [5, 'TOP_SOLDER_MASK', 'Top Solder Mask Layer', '#800080', '#400040'],
  [6, 'BOT_SOLDER_MASK', 'Bottom Solder Mask Layer', '#aa00ff', '#55007f'],
  [13, 'DOCUMENT', 'Document Layer', '#ffffff', '#7f7f7f'],
  [11, 'OUTLINE', 'Board Outline Layer', '#ff00ff', '#7f007f'],
  [12, 'MULTI', 'Multi-Layer', '#c0c0c0', '#606060'],
  [9, 'TOP_ASSEMBLY', 'Top Assembly Layer', '#33cc99', '#19664c'],
  [10, 'BOT_ASSEMBLY', 'Bottom Assembly Layer', '#5555ff', '#2a2a7f'],
  [14, 'MECHANICAL', 'Mechanical Layer', '#f022f0', '#781178'],
  [47, 'HOLE', 'Hole Layer', '#222222', '#111111'],
  [56, 'DRILL_DRAWING', 'Drill Drawing Layer', '#008080', '#004040'],
  [57, 'OTHER', 'Ratline Layer', '#6464ff', '#32327f'],
];

/** A PCB with its layer table and a 1.6 mm FR4 two-layer stack-up, no outline yet (mil, Y up). */
export function blankPcbText(): string {
  const rows: unknown[][] = [
    ['DOCTYPE', 'PCB', '1.8'],
    ['HEAD', { editorVersion: BLANK_EDITOR_VERSION, importFlag: 0 }],
    ['CANVAS', 0, 0, 'mm', 5, 5, 5, 5, 1, 1, 2, 0, 5],
    ...BLANK_LAYERS.map(([id, type, name, color, inactive]) => ['LAYER', id, type, name, 3, color, 1, inactive, 0.5]),
    // copper 1.378 mil (1 oz) each side of 59.449 mil FR4 (1.6 mm board with copper)
    ['LAYER_PHYS', 1, null, 1.378, null, null, 1],
    ['LAYER_PHYS', 361, 'FR4', 59.449, 4.5, 0, 1],
    ['LAYER_PHYS', 2, null, 1.378, null, null, 1],
    ['ACTIVE_LAYER', 1],
    ['NET', '', null, null, 1, null, 0, null],
  ];
  return rows.map(line).join('\n');
}

export interface BlankProjectIds { schematic: string; sheet: string; pcb: string }

/**
 * A new project titled `title` with Board1 = Schematic1 (sheet 1 "P1") + PCB1; a building-block
 * project (cbb) names its board "board1" (SPEC §3).
 */
export function blankProjectData(title: string, ids: BlankProjectIds, cbb = false): ProjectData {
  const d = emptyProjectData(title);
  d.cbbProject = cbb;
  d.boards = [{ name: cbb ? DEFAULT_CBB_BOARD_NAME : 'Board1', sch: ids.schematic, pcb: ids.pcb }];
  d.defaultSheet = ids.sheet;
  d.schematics = [{ uuid: ids.schematic, name: 'Schematic1', display_name: 'Schematic1', sort: [ids.sheet] }];
  d.sheets = [{ uuid: ids.sheet, schematic_uuid: ids.schematic, title: 'P1', display_title: 'P1', sheet_id: 1, dataStr: blankSheetText() }];
  d.pcbs = [{ uuid: ids.pcb, title: 'PCB1', display_title: 'PCB1', parent_uuid: '', dataStr: blankPcbText() }];
  d.projectExtra = { top: {}, config: { title, cbbProject: cbb, editorVersion: BLANK_EDITOR_VERSION }, order: [] };
  return d;
}
