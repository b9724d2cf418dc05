/** Schematic, sheet, PCB, panel (SPEC §3). */
import { z } from 'zod';
import { ContentFields, DocumentBaseFields, UpdateTimeSchema } from './common.ts';

/** A sheet as listed inside a schematic (project.json form: name, id, uuid). */
export const SheetRefSchema = z.looseObject({ uuid: z.string(), name: z.string().optional(), id: z.number().optional() });

/** Schematic: `name` must equal the normalised `display_name` (VAL-3). `sort` holds sheet uuids in tree order. */
export const SchematicSchema = z.object({
  ...DocumentBaseFields,
  name: z.string(),
  display_name: z.string(),
  sort: z.array(z.string()).default([]),
  /** Tree position among the project's schematics (bulk-update-sort writes it); absent = after the positioned ones, by name. */
  position: z.number().int().optional(),
  sheets: z.array(z.union([z.string(), SheetRefSchema])).optional(),
});
export type Schematic = z.infer<typeof SchematicSchema>;

/** Sheet (schematic page). docType must be DocType.SCH (VAL-4, checked by validateSheet). */
export const SheetSchema = z.object({
  ...DocumentBaseFields,
  ...ContentFields,
  schematic_uuid: z.string(),
  title: z.string(),
  display_title: z.string(),
  docType: z.number().int().optional(),
  sheet_id: z.number().int().optional(),
  old_sheet_id: z.number().int().optional(),
  updateTime: UpdateTimeSchema.optional(),
});
export type Sheet = z.infer<typeof SheetSchema>;

const PcbLikeFields = {
  ...DocumentBaseFields,
  ...ContentFields,
  title: z.string(),
  display_title: z.string(),
  docType: z.number().int().optional(),
  updateTime: UpdateTimeSchema.optional(),
  parent_uuid: z.string().optional(),
  /** Tree position among the project's PCBs on no board (or its panels); absent = after the positioned ones, by name. */
  position: z.number().int().optional(),
};

/** PCB: docType PCB (VAL-4). parent_uuid names the parent PCB (import: parents first). */
export const PcbSchema = z.object(PcbLikeFields);
export type Pcb = z.infer<typeof PcbSchema>;

/** Panel (front-panel editor, not board panelization): docType PANEL (VAL-4). */
export const PanelSchema = z.object(PcbLikeFields);
export type Panel = z.infer<typeof PanelSchema>;
