/**
 * `copperplate project list|rename|delete|trash|restore|purge ... --server URL --user U --password P`:
 * the start page's project actions over the HTTP API. A deleted project goes to the trash for 30 days
 * (`trash` lists it with its purge date, `restore` brings it back, `purge` deletes it for good).
 */
import { parseArgs } from 'node:util';
import type { Command } from '../commands.ts';
import { ServerSession, serverOptions } from './push.ts';

const USAGE = 'project list|trash | rename UUID TITLE | delete UUID | restore UUID | purge UUID --server URL [--user U --password P]';

export const project: Command = {
  name: 'project',
  usage: USAGE,
  summary: 'list, rename and delete projects; list, restore and purge the trash (30 days)',
  async run(args) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: serverOptions });
    const [op, uuid, ...rest] = positionals;
    const need = { list: 0, trash: 0, rename: 2, delete: 1, restore: 1, purge: 1 } as Record<string, number>;
    if (!op || !(op in need) || !values.server || (need[op] >= 1 && !uuid) || (need[op] === 2 && !rest.length)) {
      console.error(`Usage: copperplate ${USAGE}`);
      return 2;
    }
    const s = new ServerSession(values.server);
    if (values.user) await s.login(values.user, values.password ?? '');
    const id = encodeURIComponent(uuid ?? '');
    switch (op) {
      case 'list': {
        const rows = await s.call<Array<{ projectId: string; projectName: string }>>('GET', '/api/projects');
        for (const r of rows) console.log(`${r.projectId}\t${r.projectName}`);
        return 0;
      }
      case 'trash': {
        const rows = await s.call<Array<{ projectId: string; projectName: string; trashedAt: number; purgeAt: number }>>('GET', '/api/trash');
        for (const r of rows) console.log(`${r.projectId}\t${r.projectName}\tdeleted ${new Date(r.trashedAt).toISOString()}\tpurged ${new Date(r.purgeAt).toISOString()}`);
        return 0;
      }
      case 'rename': {
        const d = await s.call<{ title: string }>('POST', `/api/projects/${id}/update`, { title: rest.join(' ') });
        console.log(`Renamed ${uuid} to ${d.title}`);
        return 0;
      }
      case 'delete':
        await s.call('POST', `/api/projects/${id}/delete`, {});
        console.log(`Moved ${uuid} to the trash (restorable for 30 days: copperplate project restore ${uuid})`);
        return 0;
      case 'restore': {
        const r = await s.call<{ projectName: string }>('POST', `/api/trash/${id}/restore`, {});
        console.log(`Restored ${uuid} as ${r.projectName}`);
        return 0;
      }
      default:
        await s.call('POST', `/api/trash/${id}/purge`, {});
        console.log(`Purged ${uuid}`);
        return 0;
    }
  },
};
