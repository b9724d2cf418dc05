/** PREFERENCE: the board's routing preferences (last track width, last via size, ...). Units mil. */
import { defineRecord, fBool, fJson, fNum, fStrN, type Parsed } from '../field.ts';

export const Preference = defineRecord('PREFERENCE', 'pcb', {
  trackWidthFollowLast: fBool(1, 'startTrackWidthFollowLast'),
  lastTrackWidth: fNum(2, { v3: 'lastTrackWidth', unit: 'mil' }),
  viaSizeFollowLast: fBool(3, 'startViaSizeFollowLast'),
  lastViaDrill: fNum(4, { v3: 'lastViaInnerDiameter', unit: 'mil' }, 12),
  lastViaDiameter: fNum(5, { v3: 'lastViaDiameter', unit: 'mil' }, 24),
  snap: fBool(6, 'snap'),
  routingMode: fJson(7, 'routingMode'),
  routingCorner: fJson(8, 'routingCorner'),
  removeLoop: fBool(9, 'removeLoop'),
  rotatingObject: fBool(10, 'rotatingObject'),
  trackFollow: fBool(11, 'trackFollow'),
  stretchTrackMinCorner: fNum(12, 'stretchTrackMinCorner'),
  preferenceConfig: fStrN(13, 'preferenceConfig'),
  realTimeUpdateUnusedLayers: fBool(14, 'realTimeUpdateUnusedLayers'),
  unusedPadRange: fJson(15, 'unusedPadRange'),
  pushVia: fJson(16, 'pushVia'),
  pathOptimization: fJson(17, 'pathOptimization4BePushed'),
  currentPathOptimization: fJson(18, 'currentPathOptimization4BePushed'),
  removeCircuitsContainingVias: fBool(19, 'removeCircuitsContainingVias', 'bool'),
  removeAntenna: fBool(20, 'removeAntenna', 'bool'),
});
export type Preference = Parsed<typeof Preference.fields>;
