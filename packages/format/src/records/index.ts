/**
 * One typed module per record kind of FORMAT.md (see README.md here). Schematic and PCB documents
 * use the same record names with different layouts (ARC, POLY, COMPONENT, ATTR, OBJ): pick the
 * module by document family (`familyOf(docType)`), or use `kindOf(r, family)`.
 */
import type { Raw, RecordKind, FieldTable } from './field.ts';
import { DocType } from './doctype.ts';
import { Head } from './head.ts';
import { SchComponent } from './sch/component.ts';
import { SchAttr } from './sch/attr.ts';
import { Wire } from './sch/wire.ts';
import { Bus } from './sch/bus.ts';
import { BusEntry } from './sch/busentry.ts';
import { SchText } from './sch/text.ts';
import { SchRect } from './sch/rect.ts';
import { SchPoly } from './sch/poly.ts';
import { SchCircle } from './sch/circle.ts';
import { SchEllipse } from './sch/ellipse.ts';
import { SchArc } from './sch/arc.ts';
import { SchBezier } from './sch/bezier.ts';
import { SchObj } from './sch/obj.ts';
import { Pin } from './sch/pin.ts';
import { Part } from './sch/part.ts';
import { FontStyle } from './sch/fontstyle.ts';
import { LineStyle } from './sch/linestyle.ts';
import { Table } from './sch/table.ts';
import { TableCell } from './sch/table-cell.ts';
import { Canvas } from './pcb/canvas.ts';
import { Layer } from './pcb/layer.ts';
import { LayerPhys } from './pcb/layer-phys.ts';
import { Net } from './pcb/net.ts';
import { Rule } from './pcb/rule.ts';
import { RuleSelector } from './pcb/rule-selector.ts';
import { RuleTemplate } from './pcb/rule-template.ts';
import { Line } from './pcb/line.ts';
import { PcbArc } from './pcb/arc.ts';
import { Via } from './pcb/via.ts';
import { Pad } from './pcb/pad.ts';
import { PcbPoly } from './pcb/poly.ts';
import { Fill } from './pcb/fill.ts';
import { Pour } from './pcb/pour.ts';
import { Poured } from './pcb/poured.ts';
import { Region } from './pcb/region.ts';
import { Teardrop } from './pcb/teardrop.ts';
import { PcbString } from './pcb/string.ts';
import { Font } from './pcb/font.ts';
import { Dimension } from './pcb/dimension.ts';
import { PcbImage } from './pcb/image.ts';
import { PcbObj } from './pcb/obj.ts';
import { PcbComponent } from './pcb/component.ts';
import { PcbAttr } from './pcb/attr.ts';
import { PadNet } from './pcb/pad-net.ts';
import { Panelize, PanelizeSide, PanelizeStamp } from './pcb/panelize.ts';
import { ActiveLayer, PcbGroup, Primitive, SilkOpts } from './pcb/board-settings.ts';
import { SchGroup } from './sch/group.ts';
import { Preference } from './pcb/preference.ts';
import { PanelCanvas } from './panel/canvas.ts';
import { PanelPoly } from './panel/poly.ts';
import { PanelString } from './panel/string.ts';
import { PanelDimension } from './panel/dimension.ts';
import { AuxLine } from './panel/auxline.ts';
import { PanelGroup } from './panel/group.ts';

export * from './field.ts';
export {
  DocType, Head, SchComponent, SchAttr, Wire, Bus, BusEntry, SchText, SchRect, SchPoly, SchCircle, SchEllipse,
  SchArc, SchBezier, SchObj, Pin, Part, FontStyle, LineStyle, Table, TableCell, Canvas, Layer, LayerPhys, Net,
  Rule, RuleSelector, RuleTemplate, Line, PcbArc, Via, Pad, PcbPoly, Fill, Pour, Poured, Region, Teardrop,
  PcbString, Font, Dimension, PcbImage, PcbObj, PcbComponent, PcbAttr, PadNet, Panelize, PanelizeSide,
  PanelizeStamp, ActiveLayer, PcbGroup, Primitive, SilkOpts, SchGroup, Preference,
  PanelCanvas, PanelPoly, PanelString, PanelDimension, AuxLine, PanelGroup,
};
export { BlobRec } from './blob.ts';
export * from './panel/layers.ts';
export type { HeadProps } from './head.ts';

/** Record layouts differ between schematic-like documents and PCB-like documents. */
export type Family = 'sch' | 'pcb' | 'panel';

/** SCH, SYMBOL, INSTANCE -> 'sch'; PCB, FOOTPRINT, POURED, FONT -> 'pcb'; PANEL, PANEL_LIB -> 'panel'; anything else (BLOB, '') -> undefined. */
export function familyOf(docType: string): Family | undefined {
  switch (docType) {
    case 'SCH': case 'SYMBOL': case 'INSTANCE': return 'sch';
    case 'PCB': case 'FOOTPRINT': case 'POURED': case 'FONT': return 'pcb';
    case 'PANEL': case 'PANEL_LIB': return 'panel';
    default: return undefined;
  }
}

type AnyKind = RecordKind<FieldTable>;
const list = (...ks: RecordKind<any>[]): ReadonlyMap<string, AnyKind> => new Map(ks.map((k) => [k.type, k as AnyKind]));

/** Every schematic/symbol record kind by type. */
export const SCH_KINDS = list(DocType, Head, SchComponent, SchAttr, Wire, Bus, BusEntry, SchText, SchRect, SchPoly,
  SchCircle, SchEllipse, SchArc, SchBezier, SchObj, Pin, Part, FontStyle, LineStyle, Table, TableCell);
/** Every PCB/footprint record kind by type. */
export const PCB_KINDS = list(DocType, Head, Canvas, Layer, LayerPhys, Net, Rule, RuleSelector, RuleTemplate, Line,
  PcbArc, Via, Pad, PcbPoly, Fill, Pour, Poured, Region, Teardrop, PcbString, Font, Dimension, PcbImage, PcbObj,
  PcbComponent, PcbAttr, PadNet, Panelize, PanelizeSide, PanelizeStamp, Preference, ActiveLayer);

/** Every front-panel (PANEL, PANEL_LIB) record kind by type (same names as PCB records, other layouts). */
export const PANEL_KINDS = list(DocType, Head, PanelCanvas, PanelPoly, PanelString, PanelDimension, AuxLine, PanelGroup);
const KINDS_BY_FAMILY: Readonly<Record<Family, ReadonlyMap<string, AnyKind>>> = { sch: SCH_KINDS, pcb: PCB_KINDS, panel: PANEL_KINDS };

/** The module of a record in a document of the given family (undefined for types without one). */
export function kindOf(r: Raw, family: Family): AnyKind | undefined {
  return KINDS_BY_FAMILY[family].get(typeof r[0] === 'string' ? r[0] : '');
}

/** Record types whose element 1 is the record's own id (unique in the file), per family. */
export const ID_TYPES_BY_FAMILY: Readonly<Record<Family, ReadonlySet<string>>> = {
  sch: new Set([...SCH_KINDS.values()].filter((k) => (k.fields as FieldTable).id?.i === 1).map((k) => k.type)),
  pcb: new Set([...PCB_KINDS.values()].filter((k) => (k.fields as FieldTable).id?.i === 1).map((k) => k.type)),
  panel: new Set([...PANEL_KINDS.values()].filter((k) => (k.fields as FieldTable).id?.i === 1).map((k) => k.type)),
};

/** Which element names a record's parent (ATTR on a component/pin/wire, cells of a TABLE, pad nets), per family. */
export const PARENT_FIELD_BY_FAMILY: Readonly<Record<Family, Readonly<Record<string, number>>>> = {
  sch: { ATTR: SchAttr.index('parentId'), TABEL_CELL: TableCell.index('tableId') },
  pcb: { ATTR: PcbAttr.index('parentId'), PAD_NET: PadNet.index('componentId') },
  panel: {},
};
export * from './diff.ts';
