/**
 * Our zod schemas of the V3 record bodies we carry (written from the field definitions EasyEDA
 * publishes in easyeda/easyeda-pro-format-skill, `primitives/<DOC>/<type>.md`, and from real files).
 *
 * Loose on purpose: every field the definitions mark required may still be missing or null in real
 * files of other editor versions, so fields are optional and nullable where a default makes sense,
 * unknown fields pass through, and booleans may come as 0/1. A body that fails its schema is not
 * carried and is counted in the report as "invalid".
 *
 * Units: schematic family (SCH_PAGE, SYMBOL) in 0.01 inch, Y down (screen) unless the row carries
 * `yAxisDirection: 'up'`; PCB family (PCB, FOOTPRINT) in mil, Y as in V2; angles in degrees.
 */
import { z } from 'zod';

const num = z.number();
const numN = z.number().nullable().optional();
const strN = z.string().nullable().optional();
/** Booleans as true/false, 0/1 or null. */
const boolish = z.union([z.boolean(), z.number()]).nullable().optional();
const id = z.union([z.string(), z.number()]).transform(String);

// ---------------------------------------------------------------- metadata (META of each doc type)
export const DocHeadSchema = z.looseObject({ docType: z.string(), uuid: z.string(), version: z.union([z.string(), z.number()]).optional(), editVersion: strN, updateTime: numN });
export const BoardMetaSchema = z.looseObject({ title: z.string().optional() });
export const SchMetaSchema = z.looseObject({ title: z.string().optional(), board: strN, source: strN });
export const SheetMetaSchema = z.looseObject({ title: z.string().optional(), schematic: strN, zIndex: numN });
export const PcbMetaSchema = z.looseObject({ title: z.string().optional(), board: strN, parent: strN, source: strN });
export const PanelMetaSchema = z.looseObject({ title: z.string().optional() });
export const LibMetaSchema = z.looseObject({
  title: z.string().optional(),
  description: strN,
  tags: z.unknown().optional(),
  source: strN,
  docType: numN,
});
export const DeviceMetaSchema = LibMetaSchema.extend({
  attributes: z.record(z.string(), z.unknown()).optional(),
  images: z.unknown().optional(),
});
export const ConfigMetaSchema = z.looseObject({ defaultSheet: strN });
export const DeleteDocSchema = z.looseObject({ isDelete: boolish });
export const BlobSchema = z.looseObject({ filename: strN, content: z.string() });
export const FontGlyphSchema = z.looseObject({ width: numN, height: numN, path: z.array(z.unknown()) });

/** project2.json (the archive's metadata). */
export const Project2Schema = z.looseObject({
  title: z.string().optional(),
  cbb_project: boolish,
  editorVersion: z.union([z.string(), z.number()]).nullable().optional(),
  introduction: strN,
  description: strN,
  tags: z.unknown().optional(),
});

// ---------------------------------------------------------------- schematic family
/** Stroke and fill of schematic shapes (EStrokeStyle, ESchFillStyle). */
const schStyle = {
  strokeColor: strN,
  strokeStyle: strN,
  strokeWidth: numN,
  fillColor: strN,
  fillStyle: strN,
};
/** Text style of ATTR/TEXT (EAlign: LEFT_BOTTOM ... RIGHT_TOP). */
const schFont = {
  color: strN,
  fillColor: strN,
  fontFamily: strN,
  fontSize: z.union([z.number(), z.string()]).nullable().optional(),
  italic: boolish,
  fontWeight: boolish,
  underline: boolish,
  strikeout: boolish,
  align: strN,
};
const schCommon = { groupId: z.union([z.string(), z.number()]).nullable().optional(), locked: boolish, partId: strN, yAxisDirection: strN };

export const SchCanvasSchema = z.looseObject({ originX: numN, originY: numN, yAxisDirection: strN });
export const SchPartSchema = z.looseObject({ BBOX: z.array(z.number()).optional(), title: strN });
export const SchAttrSchema = z.looseObject({
  ...schCommon, ...schFont,
  parentId: strN, key: z.string(), value: z.union([z.string(), z.number()]).nullable().optional(),
  keyVisible: boolish, valueVisible: boolish, x: numN, y: numN, rotation: numN,
});
export const SchComponentSchema = z.looseObject({
  ...schCommon, x: num, y: num, rotation: numN, isMirror: boolish, attrs: z.record(z.string(), z.unknown()).nullable().optional(),
});
export const SchWireSchema = z.looseObject({ ...schCommon });
export const SchLineSchema = z.looseObject({ ...schStyle, startX: num, startY: num, endX: num, endY: num, lineGroup: strN, yAxisDirection: strN });
export const SchTextSchema = z.looseObject({ ...schCommon, ...schFont, x: num, y: num, rotation: numN, value: z.union([z.string(), z.number()]).nullable().optional() });
export const SchRectSchema = z.looseObject({ ...schCommon, ...schStyle, dotX1: num, dotY1: num, dotX2: num, dotY2: num, radiusX: numN, radiusY: numN, rotation: numN });
const point = z.looseObject({ x: num, y: num });
export const SchPolySchema = z.looseObject({ ...schCommon, ...schStyle, points: z.array(point), closed: boolish });
export const SchCircleSchema = z.looseObject({ ...schCommon, ...schStyle, centerX: num, centerY: num, radius: num });
export const SchEllipseSchema = z.looseObject({ ...schCommon, ...schStyle, centerX: num, centerY: num, radiusX: num, radiusY: num, rotation: numN });
export const SchArcSchema = z.looseObject({ ...schCommon, ...schStyle, startX: num, startY: num, referX: num, referY: num, endX: num, endY: num });
export const SchPinSchema = z.looseObject({ ...schCommon, display: boolish, x: num, y: num, length: numN, rotation: numN, color: strN, pinShape: strN });
export const SchObjSchema = z.looseObject({ ...schCommon, fileName: strN, startX: num, startY: num, width: numN, height: numN, rotation: numN, isMirror: boolish, content: strN });
export const SchBusSchema = z.looseObject({ ...schCommon, busEntry: z.record(z.string(), z.unknown()).nullable().optional() });
export const SchBezierSchema = z.looseObject({ ...schCommon, ...schStyle, controls: z.array(num) });
export const SchGroupSchema = z.looseObject({ parentId: strN, title: strN });
const cellStyle = z.looseObject({ ...schStyle }).nullable().optional();
export const SchTableCellSchema = z.looseObject({
  id: id, value: z.union([z.string(), z.number()]).nullable().optional(), rowIndex: num, columnIndex: num, rowSpan: numN, colSpan: numN, lineHeight: numN,
  topStyle: cellStyle, rightStyle: cellStyle, bottomStyle: cellStyle, leftStyle: cellStyle, ...schFont,
});
export const SchTableSchema = z.looseObject({
  ...schCommon, startX: num, startY: num, rotation: numN, rowSizes: z.array(num), colSizes: z.array(num),
  rowLocked: z.array(z.unknown()).optional(), colLocked: z.array(z.unknown()).optional(), tableCell: z.array(SchTableCellSchema).optional(),
});

// ---------------------------------------------------------------- PCB family
const pcbCommon = { groupId: z.union([z.string(), z.number()]).nullable().optional(), groupID: z.union([z.string(), z.number()]).nullable().optional(), locked: boolish, partitionId: strN };
const path = z.array(z.unknown());
export const PcbCanvasSchema = z.looseObject({
  originX: numN, originY: numN, unit: strN, gridXSize: numN, gridYSize: numN, snapXSize: numN, snapYSize: numN,
  altSnapXSize: numN, altSnapYSize: numN, gridType: strN, multiGridType: strN, multiGridRatio: numN,
});
export const LayerSchema = z.looseObject({
  layerId: numN, layerType: strN, layerName: strN, use: boolish, show: boolish, locked: boolish,
  activeColor: strN, activateTransparency: numN, inactiveColor: strN, inactiveTransparency: numN,
});
export const LayerPhysSchema = z.looseObject({ material: strN, thickness: numN, permittivity: numN, lossTangent: numN, isKeepIsland: boolish });
export const ActiveLayerSchema = z.looseObject({ layerId: num });
export const NetSchema = z.looseObject({ netType: strN, specialColor: strN, retLine: boolish, differentialName: strN, isPositiveNet: boolish, equalLengthGroupName: strN });
export const PrimitiveSchema = z.looseObject({ display: boolish, pick: boolish });
export const SilkOptsSchema = z.looseObject({ defaultColor: strN, baseColor: strN });
export const RuleTemplateSchema = z.looseObject({ name: strN });
export const PcbGroupSchema = z.looseObject({ groupName: strN });
export const PanelizeSchema = z.looseObject({ on: boolish, row: numN, column: numN, rowSpacing: numN, columnSpacing: numN, onlyOutline: boolish });
export const PcbLineSchema = z.looseObject({ ...pcbCommon, netName: strN, layerId: num, startX: num, startY: num, endX: num, endY: num, width: numN });
export const PcbArcSchema = z.looseObject({ ...pcbCommon, netName: strN, layerId: num, startX: num, startY: num, endX: num, endY: num, arcAngle: numN, angle: numN, width: numN });
export const ViaSchema = z.looseObject({
  ...pcbCommon, netName: strN, ruleName: strN, centerX: num, centerY: num, holeDiameter: num, viaDiameter: num, viaType: strN,
  topSolderExpansion: numN, bottomSolderExpansion: numN, unusedInnerLayers: z.array(z.unknown()).nullable().optional(),
});
const padDef = z.looseObject({ padType: z.string(), width: numN, height: numN, radius: numN, path: path.optional(), diameter: numN, edges: numN, sides: numN });
export const PadSchema = z.looseObject({
  ...pcbCommon, netName: strN, layerId: num, num: z.union([z.string(), z.number()]).transform(String), centerX: num, centerY: num, padAngle: numN,
  hole: z.looseObject({ holeType: z.string(), width: numN, height: numN }).nullable().optional(),
  defaultPad: padDef,
  specialPad: z.array(z.looseObject({ startLayer: numN, endLayer: numN, pad: padDef })).nullable().optional(),
  padOffsetX: numN, padOffsetY: numN, relativeAngle: numN, plated: boolish, padType: strN,
  topSolderExpansion: numN, bottomSolderExpansion: numN, topPasteExpansion: numN, bottomPasteExpansion: numN,
  connectMode: strN, spokeSpace: numN, spokeWidth: numN, spokeAngle: numN, unusedInnerLayers: z.array(z.unknown()).nullable().optional(),
});
export const PcbPolySchema = z.looseObject({ ...pcbCommon, netName: strN, layerId: num, width: numN, path });
export const PcbFillSchema = z.looseObject({ ...pcbCommon, netName: strN, layerId: num, width: numN, fillStyle: strN, path });
export const PourSchema = z.looseObject({
  ...pcbCommon, netName: strN, layerId: num, width: numN, name: strN, order: numN, path,
  pourType: z.looseObject({ pourType: strN, fineness: numN }).nullable().optional(), keepIsland: boolish,
});
export const PouredSchema = z.looseObject({ pourFill: z.array(z.looseObject({ id: id.optional(), strokeWidth: numN, fill: boolish, path })) });
export const RegionSchema = z.looseObject({ ...pcbCommon, layerId: num, width: numN, prohibitType: z.array(z.string()).nullable().optional(), path, name: strN, regionType: strN });
const pcbText = {
  fontFamily: strN, fontSize: numN, strokeWidth: numN, bold: boolish, italic: boolish, origin: z.union([z.string(), z.number()]).nullable().optional(),
  angle: numN, reverse: boolish, expansion: numN, mirror: boolish,
};
export const PcbStringSchema = z.looseObject({ ...pcbCommon, ...pcbText, layerId: num, x: num, y: num, text: z.union([z.string(), z.number()]).transform(String) });
export const PcbAttrSchema = z.looseObject({
  ...pcbCommon, ...pcbText, parentId: strN, layerId: numN, x: numN, y: numN, key: z.string(), value: z.union([z.string(), z.number()]).nullable().optional(),
  keyVisible: boolish, valueVisible: boolish,
});
export const PcbComponentSchema = z.looseObject({ ...pcbCommon, layerId: num, x: num, y: num, angle: numN, attrs: z.record(z.string(), z.unknown()).nullable().optional() });
export const PadNetSchema = z.looseObject({ padNet: strN });
export const DimensionSchema = z.looseObject({ ...pcbCommon, type: strN, layerId: num, unit: strN, strokeWidth: numN, precision: numN, textFollow: numN, coords: z.array(num) });
export const PcbImageSchema = z.looseObject({ ...pcbCommon, layerId: num, startX: num, startY: num, width: numN, height: numN, angle: numN, mirror: boolish, path });
export const TeardropSchema = z.looseObject({ ...pcbCommon, netName: strN, layerId: num, path });
export const PcbObjSchema = z.looseObject({ ...pcbCommon, layerId: numN, fileName: strN, startX: num, startY: num, width: numN, height: numN, angle: numN, mirror: boolish, content: strN });
