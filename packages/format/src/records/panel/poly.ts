/**
 * PANEL POLY: outline, cut-outs, holes and printed shapes. V3 TPanelPoly. Units mil; the panel frame
 * is Y down (?) (glyph paths rise to negative y). `ploys` is a list of paths in SVG-like commands
 * (`"M", x,y`, `"L", ...`, `"A", rx,ry,rot,large,sweep,x,y`, `"C", ...`, `"Z"`; leading numbers are
 * the start point); `matrix` [a,b,c,d,e,f] maps x' = a*x + b*y + c, y' = d*x + e*y + f.
 * V2 positions are ours, in the V3 field order (?).
 */
import { defineRecord, fBool, fJson, fNum, fNumN, fStr, fStrN, type Parsed } from '../field.ts';

export const PanelPoly = defineRecord('POLY', 'panel', {
  id: fStr(1, 'id'),
  /** "0" = no group. */
  group: fJson<string | number>(2, 'groupId', '0'),
  /** Panel layer (PANEL_LAYER in ./layers.ts). */
  layer: fNum(3, 'layer', 1),
  locked: fBool(4, 'locked', 'bool'),
  zIndex: fNumN(5, 'zIndex'),
  valid: fBool(6, 'valid', 'bool', true),
  visible: fBool(7, 'visible', 'bool', true),
  cover: fNumN(8, 'cover'),
  name: fStr(9, 'name'),
  rotation: fNum(10, { v3: 'rotation', unit: 'degrees' }),
  strokeWidth: fNum(11, { v3: 'strokeWidth', unit: 'mil' }),
  /** SOLID, SHORT_DASH, DOT, DOT_DASH or null. */
  strokeStyle: fStrN(12, 'strokeStyle'),
  strokeColor: fStr(13, 'strokeColor', '#000000'),
  /** "" no fill, a colour, or an image (data:/blob:). */
  fillColor: fStr(14, 'fillColor'),
  opacity: fNum(15, 'opacity', 1),
  autoClose: fBool(16, 'autoClose', 'bool'),
  /** The paths (see above). */
  paths: fJson<unknown>(17, { v3: 'ploys', unit: 'mil' }),
  displayFill: fBool(18, 'displayFill', 'bool', true),
  displayStroke: fBool(19, 'displayStroke', 'bool', true),
  matrix: fJson<unknown>(20, 'matrix', null),
  /** PRINT, COVER, PRINT&COVER. */
  transScope: fStrN(21, 'transScope'),
  transPrint: fNumN(22, 'transPrint'),
  transWhite: fNumN(23, 'transWhite'),
});
export type PanelPoly = Parsed<typeof PanelPoly.fields>;
