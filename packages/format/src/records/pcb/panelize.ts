/**
 * Board panelization (lives in the PCB; not the front-panel PANEL editor): PANELIZE, PANELIZE_STAMP
 * (stamp holes, per direction), PANELIZE_SIDE (rails, per direction). Units mil.
 */
import { defineRecord, fBool, fNum, type Parsed } from '../field.ts';

export const Panelize = defineRecord('PANELIZE', 'pcb', {
  on: fBool(1, 'on'),
  rows: fNum(2, 'row', 1),
  columns: fNum(3, 'column', 1),
  rowSpacing: fNum(4, { v3: 'rowSpacing', unit: 'mil' }),
  columnSpacing: fNum(5, { v3: 'columnSpacing', unit: 'mil' }),
  onlyOutline: fBool(6, 'onlyOutline'),
});
export type Panelize = Parsed<typeof Panelize.fields>;

export const PanelizeStamp = defineRecord('PANELIZE_STAMP', 'pcb', {
  /** 1 horizontal, 0 vertical (?). */
  horizontal: fBool(1, { doc: 'V3 horizontalStamp / verticalStamp (?)' }),
  on: fBool(2, 'on'),
  groups: fNum(3, 'stampHoleGroupQuantity'),
  holeDiameter: fNum(4, { v3: 'stampHoleDiameter', unit: 'mil' }),
  holesPerGroup: fNum(5, 'stampHoleQuantityPerGroup'),
  holeSpacing: fNum(6, { v3: 'stampHoleSpacing', unit: 'mil' }),
});
export type PanelizeStamp = Parsed<typeof PanelizeStamp.fields>;

export const PanelizeSide = defineRecord('PANELIZE_SIDE', 'pcb', {
  /** 1 horizontal, 0 vertical (?). */
  horizontal: fBool(1, { doc: 'V3 horizontalSize / verticalSize (?)' }),
  on: fBool(2, 'on'),
  height: fNum(3, { v3: 'sideHeight', unit: 'mil' }),
  positionHoleDiameter: fNum(4, { v3: 'positionHoleDiameter', unit: 'mil' }),
  markDiameter: fNum(5, { v3: 'markDiameter', unit: 'mil' }),
  markExpansion: fNum(6, { v3: 'markExpansion', unit: 'mil' }),
});
export type PanelizeSide = Parsed<typeof PanelizeSide.fields>;
