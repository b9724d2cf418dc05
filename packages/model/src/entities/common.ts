/** Building blocks shared by the entity schemas of SPEC §3. */
import { z } from 'zod';

/** A user as the server names one (modifier, owner, member): uuid and nickname; other keys kept. */
export const PersonSchema = z.looseObject({
  uuid: z.string().optional(),
  nickname: z.string().optional(),
  username: z.string().optional(),
  role: z.string().optional(),
});
export type Person = z.infer<typeof PersonSchema>;

/** A member of a project (SPEC §3: "members (each with uuid)"). */
export const MemberSchema = PersonSchema.extend({ uuid: z.string() });
export type Member = z.infer<typeof MemberSchema>;

/** A date as it travels: epoch milliseconds or an ISO/date string. */
export const DateValueSchema = z.union([z.number(), z.string()]);
export type DateValue = z.infer<typeof DateValueSchema>;

/** Item ticket (SPEC §4): positive = uploaded unchanged, <= 0 = pending, negative = edited locally. */
export const TicketSchema = z.number().int();

/** ENT-4: updateTime is a whole number of seconds. */
export const UpdateTimeSchema = z.number().int().nonnegative();

/** One tag: uuid and name. */
export const TagSchema = z.object({ uuid: z.string(), name: z.string() });
export type Tag = z.infer<typeof TagSchema>;
/** Tags of a library item: parent_tag and child_tag lists (SPEC §3). */
export const TagsSchema = z.object({ parent_tag: z.array(TagSchema), child_tag: z.array(TagSchema) });
export type Tags = z.infer<typeof TagsSchema>;
/** custom_tags: real files carry a JSON-encoded string array ('["a","b"]'); an array is accepted too. */
export const CustomTagsSchema = z.union([z.string(), z.array(z.string())]);

/** Content of a document: inline text (dataStr) or a reference to fetch (dataStrId), encrypted with key/iv. */
export const ContentFields = {
  dataStr: z.string().optional(),
  dataStrId: z.string().optional(),
  key: z.string().optional(),
  iv: z.string().optional(),
};

/** The fields every stored document carries (VAL-2: uuid, project_uuid, title strings; ticket number). */
export const DocumentBaseFields = {
  uuid: z.string().min(1),
  project_uuid: z.string(),
  ticket: TicketSchema,
};
