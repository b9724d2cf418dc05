/** zod schemas of the server's answers the web app reads (the network is an untrusted boundary). */
import { z } from 'zod';

const who = z.object({ uuid: z.string().optional(), nickname: z.string().optional() }).loose();

export const UserSchema = z.object({ uuid: z.string(), username: z.string(), nickname: z.string().optional() }).loose();
export type User = z.infer<typeof UserSchema>;

export const BoardSchema = z.object({ name: z.string(), sch: z.string().nullish(), pcb: z.string().nullish() }).loose();
export type Board = z.infer<typeof BoardSchema>;

export const ProjectDetailSchema = z
  .object({
    uuid: z.string(),
    title: z.string(),
    g_ticket: z.number(),
    updated_at: z.union([z.string(), z.number()]).nullish(),
    modifier: who.nullish(),
    owner: who.nullish(),
    members: z.array(z.object({ uuid: z.string(), nickname: z.string().optional(), role: z.string().optional() }).loose()).optional(),
    boards: z.array(BoardSchema).default([]),
    default_sheet: z.string().nullish(),
    cbb_project: z.boolean().optional(),
    readonly: z.boolean().optional(),
  })
  .loose();
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;

export const RecentEntrySchema = z
  .object({
    projectId: z.string(),
    projectName: z.string(),
    timeOfOpenProject: z.union([z.string(), z.number()]).nullish(),
    updateTime: z.union([z.string(), z.number()]).nullish(),
    cbb_project: z.boolean().optional(),
    team_uuid: z.string().nullish(),
    owner: z.unknown().optional(),
    modifier: z.unknown().optional(),
    members: z.array(z.unknown()).optional(),
    stick: z.boolean().optional(),
    star: z.boolean().optional(),
  })
  .loose();
export type RecentEntry = z.infer<typeof RecentEntrySchema>;

export const BackupSchema = z
  .object({
    id: z.union([z.string(), z.number()]),
    name: z.string(),
    description: z.string().nullish(),
    auto: z.union([z.boolean(), z.number(), z.string()]).optional(),
    created_at: z.union([z.string(), z.number()]).nullish(),
    ticket: z.number().optional(),
  })
  .loose();
export type Backup = z.infer<typeof BackupSchema>;

/** The import answer: the new project's uuid and the failure report (shape owned by @copperplate/format). */
export const ImportAnswerSchema = z.object({ uuid: z.string().nullish(), report: z.unknown().optional() }).loose();
export type ImportAnswer = z.infer<typeof ImportAnswerSchema>;

/** A document item of any kind (docs/API.md table); fields vary by kind. */
export const ItemSchema = z.object({ ticket: z.number().optional() }).loose();
export type Item = z.infer<typeof ItemSchema> & Record<string, unknown>;

export const TicketSnapshotSchema = z.object({ g_ticket: z.number() }).loose();
export type TicketSnapshot = { g_ticket: number } & Record<string, unknown>;

export const BulkResultSchema = z.array(
  z.object({ success: z.boolean(), result: z.unknown().optional(), code: z.number().optional(), message: z.string().optional() }).loose(),
);
export type BulkResult = z.infer<typeof BulkResultSchema>;
