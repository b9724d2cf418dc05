/** The sharing calls of docs/API.md (issue 14 part 4): project members and roles, scope, teams. */
import { z } from 'zod';
import { request } from './http.ts';
import { ProjectDetailSchema, type ProjectDetail } from './schemas.ts';

const p = (uuid: string) => `/api/projects/${encodeURIComponent(uuid)}`;

export const MemberSchema = z.object({ uuid: z.string(), nickname: z.string(), username: z.string().optional(), role: z.enum(['owner', 'member', 'readonly']) }).loose();
export type Member = z.infer<typeof MemberSchema>;
export const TeamSchema = z.object({ uuid: z.string(), name: z.string(), kind: z.string(), role: z.string(), members: z.array(z.object({ uuid: z.string(), nickname: z.string().optional(), role: z.string() }).loose()).optional() }).loose();
export type Team = z.infer<typeof TeamSchema>;
/** Project scopes (docs/API.md): personal, team, systematic, public (any logged-in user reads). */
export const SCOPE = { personal: 0, team: 1, public: 3 } as const;

export type ShareDetail = Omit<ProjectDetail, 'members'> & { scope?: number; team_uuid?: string | null; role?: string; members: Member[] };

export const shareApi = {
  detail: async (uuid: string): Promise<ShareDetail> => {
    const d = ProjectDetailSchema.parse(await request('GET', p(uuid), { projectUuid: uuid }));
    return { ...d, members: z.array(MemberSchema).parse(d.members ?? []) } as ShareDetail;
  },
  /** Invite or change a member by user name; `none` removes (owner only). */
  setMember: async (uuid: string, username: string, role: 'member' | 'readonly' | 'none'): Promise<Member[]> =>
    z.array(MemberSchema).parse(await request('POST', `${p(uuid)}/members`, { body: { username, role }, projectUuid: uuid })),
  setScope: async (uuid: string, scope: number, teamUuid?: string): Promise<unknown> =>
    request('POST', `${p(uuid)}/scope`, { body: teamUuid ? { scope, team_uuid: teamUuid } : { scope }, projectUuid: uuid }),
  teams: async (): Promise<Team[]> => z.array(TeamSchema).parse(await request('GET', '/api/teams')),
  createTeam: async (name: string): Promise<Team> => TeamSchema.parse(await request('POST', '/api/teams', { body: { name } })),
  addTeamMember: async (team: string, username: string, role: 'owner' | 'member' | 'readonly'): Promise<unknown> =>
    request('POST', `/api/teams/${encodeURIComponent(team)}/members`, { body: { username, role } }),
};

/** The read-only link of a project: the app opens any address with "readonly" in it read-only (MODE). */
export function readOnlyLink(uuid: string, origin = location.origin, path = location.pathname): string {
  return `${origin}${path}?readonly=1#/project/${uuid}`;
}
