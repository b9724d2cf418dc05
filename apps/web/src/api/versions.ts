/** The project-version and per-user mark calls of docs/API.md (stick, star, fork, versions). */
import { z } from 'zod';
import { request } from './http.ts';
import { ItemSchema, ProjectDetailSchema, type Item, type ProjectDetail } from './schemas.ts';

const p = (uuid: string) => `/api/projects/${encodeURIComponent(uuid)}`;

export const VersionSchema = z.object({
  id: z.string(), name: z.string(), description: z.string(), g_ticket: z.number(), creator_uuid: z.string(),
  created_at: z.string(), updated_at: z.string(), current: z.boolean(),
});
export type Version = z.infer<typeof VersionSchema>;
const Named = z.array(z.object({ uuid: z.string(), title: z.string() }));
export const VersionDetailSchema = VersionSchema.extend({ counts: z.record(z.string(), z.number()), schematics: Named, sheets: Named, pcbs: Named, default_sheet: z.string() });
export type VersionDetail = z.infer<typeof VersionDetailSchema>;
const Marks = z.object({ stick: z.boolean(), star: z.boolean() });

export const versionsApi = {
  list: async (uuid: string): Promise<Version[]> => z.array(VersionSchema).parse(await request('GET', `${p(uuid)}/versions`, { projectUuid: uuid })),
  add: async (uuid: string, name: string, description: string): Promise<Version> => VersionSchema.parse(await request('POST', `${p(uuid)}/versions`, { body: { name, description }, projectUuid: uuid })),
  show: async (uuid: string, id: string): Promise<VersionDetail> => VersionDetailSchema.parse(await request('GET', `${p(uuid)}/versions/${encodeURIComponent(id)}`, { projectUuid: uuid })),
  item: async (uuid: string, id: string, kind: 'sheets' | 'pcbs', key: string): Promise<Item> =>
    ItemSchema.parse(await request('GET', `${p(uuid)}/versions/${encodeURIComponent(id)}/item?kind=${kind}&key=${encodeURIComponent(key)}`, { projectUuid: uuid })) as Item,
  toggle: async (uuid: string, id: string): Promise<{ g_ticket: number; changed: number }> =>
    z.object({ g_ticket: z.number(), changed: z.number() }).passthrough().parse(await request('POST', `${p(uuid)}/versions/${encodeURIComponent(id)}/toggle`, { body: {}, projectUuid: uuid })),
  mark: async (uuid: string, verb: 'stick' | 'unstick' | 'star' | 'unstar'): Promise<z.infer<typeof Marks>> => Marks.parse(await request('POST', `${p(uuid)}/${verb}`, { body: {}, projectUuid: uuid })),
  fork: async (uuid: string, title?: string): Promise<ProjectDetail> => ProjectDetailSchema.parse(await request('POST', `${p(uuid)}/fork`, { body: title ? { title } : {}, projectUuid: uuid })),
};
