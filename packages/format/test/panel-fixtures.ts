/**
 * Front-panel test documents, written for these tests after EasyEDA's published PANEL examples
 * (easyeda/easyeda-pro-format-skill, examples/PANEL/: canvas, poly, string, dimension, aux line,
 * group, meta): the same record kinds and field shapes, our own values.
 */
const line = (head: object, body: object | '') => `${JSON.stringify(head)}||${body === '' ? '' : JSON.stringify(body)}|`;

/** Glyph outline of a small "T" (relative to the text anchor, mil, rising to negative y), as EasyEDA stores text. */
export const GLYPH_T = [[0, -40, 'L', 30, -40, 30, -34, 18, -34, 18, 0, 12, 0, 12, -34, 0, -34, 0, -40]];

/** A V3 (.epru) stream with one PANEL document: every record kind of the published examples. */
export function panelEpru(uuid = 'pan1'): string {
  return [
    line({ type: 'DOCHEAD' }, { docType: 'PANEL', uuid, client: 'test', version: '3.2.0' }),
    line({ type: 'META', ticket: 1, id: 'META' }, { title: 'Front Panel', zIndex: 0 }),
    line({ type: 'CANVAS', ticket: 2, id: 'CANVAS' }, { material: 'acrylic', thickness: '2mm', print: 'Bottom Side', craft: 'Transparent', desc: '', coverColor: 'white', width: '120mm', height: '60mm', originX: 0, originY: 0, orderWidth: '120mm', orderHeight: '60mm', backgroundColor: '' }),
    line({ type: 'POLY', ticket: 3, id: 'e1arc' }, { groupId: '0', layer: 1, rotation: 0, strokeWidth: 3.937, strokeStyle: 'SOLID', strokeColor: '#000000', fillColor: '', opacity: 1, autoClose: false, ploys: [['M', 400, 1800, 'A', 250, 250, 0, 1, 1, 900, 1800]], displayFill: true, displayStroke: true, locked: false, zIndex: 1, valid: true, visible: true, cover: 1, name: '', transScope: 'PRINT&COVER', transPrint: 0, transWhite: 0, matrix: [1, 0, 0, 0, 1, 0] }),
    line({ type: 'POLY', ticket: 4, id: 'e2hole' }, { groupId: '0', layer: 3, rotation: 0, strokeWidth: 0, strokeStyle: null, strokeColor: '#000000', fillColor: '', opacity: 1, autoClose: true, ploys: [['M', 2200, 1000, 'A', 150, 150, 0, 0, 1, 2500, 1000, 'A', 150, 150, 0, 0, 1, 2200, 1000, 'Z']], displayFill: false, displayStroke: true, locked: false, zIndex: 2, valid: true, visible: true, cover: 0, name: 'hole', matrix: null }),
    line({ type: 'STRING', ticket: 5, id: 'e3text' }, { groupId: '0', layer: 1, rotation: 0, value: 'T', fontFamily: 'Arial', fontSize: 39.37, fontWeight: 0, italic: false, underline: false, strikeout: false, align: 'LEFT_BOTTOM', strokeColor: '#202020', opacity: 1, locked: false, zIndex: 3, valid: true, visible: true, cover: 1, name: 'T', transScope: 'PRINT&COVER', transPrint: 0, transWhite: 0, matrix: [1, 0, 600, 0, 1, 1100], strokes: false, path: GLYPH_T }),
    line({ type: 'DIMENSION', ticket: 6, id: 'e4dim' }, { layer: 8, dimensionType: 'LENGTH-CONSTRAINT', unit: '', strokeWidth: 0, accuracy: 0, controlDot: [600, 1180, 600, 1170, 630, 1170, 630, 1180], relationIds: ['e3text', 'e3text'], locked: false, zIndex: 4, visible: true, cover: 0, name: '', valid: true, rotation: 0 }),
    line({ type: 'AUXLINE', ticket: 7, id: 'e5aux' }, { groupId: '0', layer: 8, x: 370, y: 1200, rotation: 0, strokeWidth: 0, length: 100, locked: false, visible: true, cover: 0, name: '', zIndex: 5, strokeStyle: null, color: '' }),
    line({ type: 'GROUP', ticket: 8, id: 'e6grp' }, { parentId: '0', title: 'knobs', visible: true, locked: false }),
    line({ type: 'ELE_PLACEHOLDER', ticket: 9, id: 'e7ph' }, { x: 0 }),
  ].join('\n');
}

/** A V2 panel document (.epan) in our record layout: plate outline, cut-outs of every shape, print, text, dimension, aux line, group. */
export const PANEL_EPAN = [
  ['DOCTYPE', 'PANEL', '1.0'],
  ['HEAD', { editorVersion: '2.2.0' }],
  ['CANVAS', 0, 0, '100mm', '50mm', 'aluminium', '1.5mm', 'Top Side', 'Matte', 'test panel', 'white', '#303840', '100mm', '50mm'],
  ['POLY', 'out1', '0', 2, false, 1, true, true, null, 'outline', 0, 0, 'SOLID', '#000000', '', 1, true,
    [['M', 100, 0, 'L', 3837, 0, 'A', 100, 100, 0, 0, 1, 3937, 100, 'L', 3937, 1868.5, 'A', 100, 100, 0, 0, 1, 3837, 1968.5, 'L', 100, 1968.5, 'A', 100, 100, 0, 0, 1, 0, 1868.5, 'L', 0, 100, 'A', 100, 100, 0, 0, 1, 100, 0, 'Z']],
    false, true, null, 'PRINT&COVER', 0, 0],
  ['POLY', 'cut1', '0', 3, false, 2, true, true, null, 'round', 0, 0, 'SOLID', '#000000', '', 1, true, [['M', 400, 984, 'A', 118, 118, 0, 0, 1, 636, 984, 'A', 118, 118, 0, 0, 1, 400, 984, 'Z']], false, true, null, null, null, null],
  ['POLY', 'cut2', '0', 3, false, 3, true, true, null, 'rect', 0, 0, 'SOLID', '#000000', '', 1, true, [['M', 1000, 800, 'L', 1400, 800, 'L', 1400, 1100, 'L', 1000, 1100, 'Z']], false, true, null, null, null, null],
  ['POLY', 'cut3', '0', 3, false, 4, true, true, null, 'D', 0, 0, 'SOLID', '#000000', '', 1, true, [['M', 2100, 900, 'A', 140, 140, 0, 1, 0, 2100, 1100, 'L', 2100, 900, 'Z']], false, true, null, null, null, null],
  ['POLY', 'cut4', '0', 3, false, 5, true, true, null, 'custom', 0, 0, 'SOLID', '#000000', '', 1, true, [['M', 2800, 800, 'L', 3200, 900, 'L', 3000, 1200, 'Z']], false, true, null, null, null, null],
  ['POLY', 'prt1', 'g1', 1, false, 6, true, true, null, 'frame', 0, 8, 'SOLID', '#ffffff', '#c0c0c0', 1, false, [['M', 300, 300, 'L', 3600, 300, 'L', 3600, 600, 'L', 300, 600, 'Z']], true, true, null, 'PRINT', 0, 0],
  ['STRING', 'txt1', 'g1', 1, false, 7, true, true, null, 'POWER', 0, 'POWER', 'default', 60, 0, false, false, false, 'CENTER_MIDDLE', '#ffffff', 1, [1, 0, 518, 0, 1, 1300], false, null, 'PRINT', 0, 0],
  ['STRING', 'txt2', '0', 1, false, 8, true, true, null, 'T', 0, 'T', 'Arial', 39.37, 0, false, false, false, 'LEFT_BOTTOM', '#ffffff', 1, [1, 0, 3300, 0, 1, 1700], false, GLYPH_T, 'PRINT&COVER', 0, 0],
  ['DIMENSION', 'dim1', 8, false, 9, true, true, 0, '', 'LENGTH', 'mm', 0, 2, [0, 1968.5, 0, 2100, 3937, 2100, 3937, 1968.5], [], 0],
  ['AUXLINE', 'aux1', '0', 8, false, 10, true, 0, '', 0, 984, 0, 0, null, '', 100],
  ['GROUP', 'g1', '0', 'label', true, false],
].map((r) => JSON.stringify(r)).join('\n');
