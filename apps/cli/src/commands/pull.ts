/** `copperplate pull UUID OUT.epro --server URL [--user U --password P]`: downloads a project as .epro. */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Command } from '../commands.ts';
import { ServerSession, envelopeResult, serverOptions } from './push.ts';

export const pull: Command = {
  name: 'pull',
  usage: 'pull UUID OUT.epro --server URL [--user U --password P]',
  summary: 'download a project as .epro',
  async run(args) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: serverOptions });
    const [uuid, out] = positionals;
    if (!uuid || !out || !values.server) {
      console.error(`Usage: copperplate ${this.usage}`);
      return 2;
    }
    const s = new ServerSession(values.server);
    if (values.user) await s.login(values.user, values.password ?? '');
    const res = await s.request('GET', `/api/projects/${encodeURIComponent(uuid)}/export`);
    if (!(res.headers.get('content-type') ?? '').startsWith('application/zip')) await envelopeResult(res); // throws the server's message
    const bytes = new Uint8Array(await res.arrayBuffer());
    writeFileSync(out, bytes);
    console.log(`Wrote ${out} (${bytes.length} bytes)`);
    return 0;
  },
};
