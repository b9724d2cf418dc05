/**
 * `copperplate api METHOD PATH [JSON | @FILE] --server URL [--user U --password P]`: any call of
 * docs/API.md from the command line (the result printed as JSON), so that everything a user can do
 * in the web app can be scripted: e.g. `api POST /api/projects/UUID/versions '{"name":"Rev B"}'`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Command } from '../commands.ts';
import { ServerSession, serverOptions } from './push.ts';

export const api: Command = {
  name: 'api',
  usage: 'api GET|POST PATH [JSON | @FILE] --server URL [--user U --password P]',
  summary: 'make any API call (docs/API.md) and print its result as JSON',
  async run(args) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: serverOptions });
    const [method0, path, bodyArg] = positionals;
    const method = (method0 ?? '').toUpperCase();
    if ((method !== 'GET' && method !== 'POST') || !path?.startsWith('/') || !values.server) {
      console.error(`Usage: copperplate ${this.usage}`);
      return 2;
    }
    let body: object | undefined;
    if (bodyArg !== undefined) {
      try {
        body = JSON.parse(bodyArg.startsWith('@') ? readFileSync(bodyArg.slice(1), 'utf8') : bodyArg) as object;
      } catch (e) {
        console.error(`The request body is not JSON: ${(e as Error).message}`);
        return 1;
      }
    }
    const s = new ServerSession(values.server);
    if (values.user) await s.login(values.user, values.password ?? '');
    const result = await s.call(method, path, method === 'POST' ? (body ?? {}) : undefined);
    console.log(JSON.stringify(result, null, 2));
    return 0;
  },
};
