/** Typed calls of docs/API.md used by the web app. Every answer is parsed with its zod schema. */
import { z } from 'zod';
import { request } from './http.ts';
import {
  BackupSchema,
  BulkResultSchema,
  ImportAnswerSchema,
  ItemSchema,
  ProjectDetailSchema,
  RecentEntrySchema,
  TicketSnapshotSchema,
  UserSchema,
  type Backup,
  type BulkResult,
  type ImportAnswer,
  type Item,
  type ProjectDetail,
  type RecentEntry,
  type TicketSnapshot,
  type User,
} from './schemas.ts';

const FabPreviewSchema = z.object({ board: z.string(), problems: z.array(z.string()), layers: z.array(z.object({ name: z.string(), svg: z.string() })) });
export type FabPreview = z.infer<typeof FabPreviewSchema>;
const TrashEntrySchema = z.object({ projectId: z.string(), projectName: z.string(), trashedAt: z.number(), purgeAt: z.number() });
export type TrashEntry = z.infer<typeof TrashEntrySchema>;

const userOf = (r: unknown): User => UserSchema.parse((r as { user?: unknown })?.user ?? r);
const p = (uuid: string) => `/api/projects/${encodeURIComponent(uuid)}`;

export const api = {
  signup: async (username: string, password: string): Promise<User> => userOf(await request('POST', '/api/auth/signup', { body: { username, password }, relogin: false })),
  login: async (username: string, password: string): Promise<User> => userOf(await request('POST', '/api/auth/login', { body: { username, password }, relogin: false })),
  logout: async (): Promise<void> => void (await request('POST', '/api/auth/logout', { body: {}, relogin: false })),
  me: async (): Promise<User> => UserSchema.parse(await request('GET', '/api/user/info', { relogin: false })),
  onlineVersion: async (): Promise<string> => z.object({ version: z.string() }).loose().parse(await request('GET', '/api/getOnlineVersion')).version,

  recent: async (): Promise<RecentEntry[]> => z.array(RecentEntrySchema).parse(await request('GET', '/api/projects')),
  create: async (title: string, description = '', cbb_project = false, team_uuid?: string): Promise<ProjectDetail> =>
    ProjectDetailSchema.parse(await request('POST', '/api/projects', { body: { title, description, cbb_project, ...(team_uuid ? { team_uuid } : {}) } })),
  detail: async (uuid: string): Promise<ProjectDetail> => ProjectDetailSchema.parse(await request('GET', p(uuid), { projectUuid: uuid })),
  update: async (uuid: string, body: { title?: string; default_sheet?: string; boards?: unknown[] }): Promise<unknown> =>
    request('POST', `${p(uuid)}/update`, { body, projectUuid: uuid }),
  /** Moves a project to the trash (restorable for 30 days). */
  remove: async (uuid: string): Promise<unknown> => request('POST', `${p(uuid)}/delete`, { body: {}, projectUuid: uuid }),
  trash: async (): Promise<TrashEntry[]> => z.array(TrashEntrySchema).parse(await request('GET', '/api/trash')),
  restore: async (uuid: string): Promise<{ projectId: string; projectName: string }> =>
    z.object({ projectId: z.string(), projectName: z.string() }).parse(await request('POST', `/api/trash/${encodeURIComponent(uuid)}/restore`, { body: {} })),
  purge: async (uuid: string): Promise<unknown> => request('POST', `/api/trash/${encodeURIComponent(uuid)}/purge`, { body: {} }),
  copy: async (uuid: string, title: string): Promise<ProjectDetail> =>
    ProjectDetailSchema.parse(await request('POST', `${p(uuid)}/copy`, { body: { title }, projectUuid: uuid })),

  importEpro: async (bytes: Uint8Array, name: string): Promise<ImportAnswer> =>
    ImportAnswerSchema.parse(await request('POST', '/api/projects/import', { bytes, query: { name } })),
  exportEpro: async (uuid: string): Promise<Uint8Array> => request<Uint8Array>('GET', `${p(uuid)}/export`, { projectUuid: uuid, binary: true }),

  /** Fabrication outputs of a PCB (issue 12): the Gerbers drawn back by the server's independent reader, then the zip. */
  /** `refill`: refill pours whose stored fill is stale first (else the server refuses: result.reason FAB_STALE_FILLS). */
  fabPreview: async (uuid: string, pcb: string | undefined, layers: number[], refill = false): Promise<FabPreview> =>
    FabPreviewSchema.parse(await request('GET', `${p(uuid)}/fabrication/preview`, { query: { ...(pcb ? { pcb } : {}), layers: layers.join(','), ...(refill ? { refill: 1 } : {}) }, projectUuid: uuid })),
  fabFiles: async (uuid: string, pcb: string | undefined, kind: 'fab' | 'bom' | 'pnp' | 'netlist', layers?: number[], refill = false): Promise<Uint8Array> =>
    request<Uint8Array>('GET', `${p(uuid)}/fabrication`, { query: { kind, ...(pcb ? { pcb } : {}), ...(layers ? { layers: layers.join(',') } : {}), ...(refill ? { refill: 1 } : {}) }, projectUuid: uuid, binary: true }),

  ticket: async (uuid: string, gTicket = -1): Promise<TicketSnapshot> =>
    TicketSnapshotSchema.parse(await request('GET', `${p(uuid)}/ticket`, { query: { g_ticket: gTicket }, projectUuid: uuid })) as TicketSnapshot,
  read: async (uuid: string, kind: string, ids: string[]): Promise<Item[]> =>
    z.array(ItemSchema).parse(await request('POST', `${p(uuid)}/read/${kind}`, { body: { ids }, projectUuid: uuid })) as Item[],
  bulk: async (uuid: string, kind: string, data: unknown[], requestId?: string): Promise<BulkResult> =>
    BulkResultSchema.parse(await request('POST', `${p(uuid)}/bulk/${kind}`, { body: { data }, projectUuid: uuid, requestId })),

  backups: async (uuid: string): Promise<Backup[]> => z.array(BackupSchema).parse(await request('GET', `${p(uuid)}/backups`, { projectUuid: uuid })),
  createBackup: async (uuid: string, name: string, description: string): Promise<unknown> =>
    request('POST', `${p(uuid)}/backups`, { body: { name, description, auto: false }, projectUuid: uuid }),
  restoreBackup: async (uuid: string, id: string | number): Promise<ProjectDetail> =>
    ProjectDetailSchema.parse(await request('POST', `${p(uuid)}/backups/${encodeURIComponent(String(id))}/restore`, { body: {}, projectUuid: uuid })),
};
