/**
 * What a component's ATTR on a sheet shows, as EasyEDA shows it. A sheet ATTR leaves fields null to
 * inherit them (seen in every real file):
 * - value null: the device's attribute of the same key (project.json), else the symbol's own ATTR
 *   (`Name` null -> device `Name` "={Value}" -> "10uF"; a ground flag's `Global Net Name` -> "GND");
 * - key/value visibility null: the symbol's ATTR of the same key (hidden when the symbol has none);
 * - position null: the symbol's ATTR position and rotation, through the component's placement;
 * - font style: the sheet's FONTSTYLE, else the symbol ATTR's.
 * Colours without a FONTSTYLE colour (EasyEDA's PDF export): designators and power/ground net names
 * #000080, other attributes #0000FF; parts marked not placed (`Add into BOM` = no) #999999.
 * Units 0.01 inch, Y up.
 */
import type { EditorDocument } from '../core/document.ts';
import { type Mat, IDENTITY, apply, matAngle, normAngle } from '../core/geometry.ts';
import { SchAttr } from '@copperplate/format/records';
import { recType, type Rec } from '../core/records.ts';
import type { TextStyle } from '../render/surface.ts';
import type { SchContext, SymbolInfo } from './context.ts';
import { placeText } from './shapes.ts';
import { COLORS, fontStyle } from './styles.ts';
import { resolveTemplate } from './template.ts';

export { symbolAttrs, componentSymbolId, componentSymbolInfo, componentLookup, componentResolver, isNotPlaced, referenceTitle } from '@copperplate/schematic/attrs';
import { symbolAttrs, componentSymbolInfo, componentLookup, referenceTitle } from '@copperplate/schematic/attrs';

const NAVY_KEYS = new Set(['Designator', 'Global Net Name']);

export interface AttrView {
  /** The text drawn ("value", "key", or "key: value"). */
  text: string;
  x: number; y: number; rot: number;
  st: TextStyle;
}

/**
 * The view of a component's ATTR on the sheet, placed (sheet frame); undefined when not shown (both
 * visibilities off, or no position on the sheet nor in the symbol). `m` = the component's placement.
 */
export function componentAttrView(doc: EditorDocument, r: Rec, ctx: SchContext, m: Mat, opts: { greyed?: boolean; sym?: SymbolInfo } = {}): AttrView | undefined {
  const at = SchAttr.parse(r);
  const comp = at.parentId;
  const key = at.key;
  const sym = opts.sym ?? componentSymbolInfo(doc, comp, ctx);
  const sRec = sym ? symbolAttrs(sym.doc).get(key) : undefined;
  const s = sRec ? SchAttr.parse(sRec) : undefined;
  const keyVis = at.keyVisible ?? !!s?.keyVisible;
  const valVis = at.valueVisible ?? !!s?.valueVisible;
  if (!keyVis && !valVis) return undefined;
  const own = at.x !== null && at.y !== null;
  const inherited = !own && !!s && s.x !== null && s.y !== null;
  if (!own && !inherited) return undefined;
  const lookup = componentLookup(doc, comp, ctx);
  // null or "" (V3 writes "") = the device's / symbol's value
  const raw = at.value === '' ? lookup(key) ?? '' : at.value;
  const value = referenceTitle(key, resolveTemplate(raw, lookup), ctx);
  const text = keyVis && valVis ? `${key}: ${value}` : keyVis ? key : value;
  const color = opts.greyed ? COLORS.notPlaced : NAVY_KEYS.has(key) ? COLORS.designator : COLORS.attr;
  const own10 = doc.get(at.fontStyleId);
  const styleDoc = own10 && recType(own10) === 'FONTSTYLE' ? doc : sym?.doc;
  const styleId = styleDoc === doc ? at.fontStyleId : s?.fontStyleId;
  let st = fontStyle(styleDoc, styleId, { color });
  if (opts.greyed) st = { ...st, color: COLORS.notPlaced };
  let p;
  if (own) p = placeText(IDENTITY, at.x!, at.y!, at.rotation, st);
  else if (styleDoc === doc) {
    // the symbol's position on the sheet, with the sheet ATTR's own style and rotation (sheet frame, as
    // EasyEDA reads them: a port turned 180 degrees keeps its name outside the flag)
    // (rotation null or 0: the symbol's, turned with the part and kept readable; the alignment stays)
    const q = apply(m, s!.x!, s!.y!);
    let rot = at.rotation;
    if (!rot) { rot = normAngle(s!.rotation + matAngle(m)); if (rot > 90 && rot <= 270) rot = normAngle(rot - 180); }
    p = placeText(IDENTITY, q.x, q.y, rot, st);
  } else p = placeText(m, s!.x!, s!.y!, s!.rotation, st);
  return { text, x: p.x, y: p.y, rot: p.rot, st: p.st };
}
