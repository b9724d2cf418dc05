/** Project, project info, current project, recent-project entry, board (SPEC §3). */
import { z } from 'zod';
import { DateValueSchema, MemberSchema, PersonSchema } from './common.ts';

/**
 * Board: a schematic and a PCB paired under a name. A board inserted from a building block keeps the
 * link: `source` (the block project's uuid) and `version` (the block's g_ticket it was copied at).
 */
export const BoardSchema = z.object({ name: z.string(), sch: z.string(), pcb: z.string(), source: z.string().optional(), version: z.number().int().optional() });
export type Board = z.infer<typeof BoardSchema>;

/** Project (SPEC §3). uuid is required to create a project object (VAL-7). */
export const ProjectSchema = z.object({
  uuid: z.string().min(1),
  title: z.string(),
  g_ticket: z.number().int().default(0),
  boards: z.array(BoardSchema).default([]),
  timeOfOpenProject: DateValueSchema.optional(),
  cbb_project: z.boolean().default(false),
  default_sheet: z.string().optional(),
  sheet_symbol: z.string().optional(),
  updated_at: DateValueSchema.optional(),
  modifier: PersonSchema.optional(),
  owner: z.union([PersonSchema, z.string()]).optional(),
  members: z.array(MemberSchema).default([]),
  filePath: z.string().optional(),
  readonly: z.boolean().optional(),
});
export type Project = z.infer<typeof ProjectSchema>;
export type ProjectInput = z.input<typeof ProjectSchema>;

/** The project currently open: projectId, title, isCBB. */
export const CurrentProjectSchema = z.object({ projectId: z.string().min(1), title: z.string(), isCBB: z.boolean() });
export type CurrentProject = z.infer<typeof CurrentProjectSchema>;

/** Project info (ENT-1: all four fields required). */
export const ProjectInfoSchema = z.object({
  projectId: z.string().min(1),
  projectName: z.string(),
  updateTime: DateValueSchema,
  timeOfOpenProject: DateValueSchema,
});
export type ProjectInfo = z.infer<typeof ProjectInfoSchema>;

/** Recent-project entry (SPEC §3, API `GET /api/projects`). */
export const RecentProjectEntrySchema = z.object({
  projectId: z.string().min(1),
  projectName: z.string(),
  timeOfOpenProject: DateValueSchema,
  updateTime: DateValueSchema,
  cbb_project: z.boolean(),
  owner: z.union([PersonSchema, z.string()]).optional(),
  modifier: PersonSchema.optional(),
  members: z.array(MemberSchema).default([]),
  filePath: z.string().optional(),
});
export type RecentProjectEntry = z.infer<typeof RecentProjectEntrySchema>;
