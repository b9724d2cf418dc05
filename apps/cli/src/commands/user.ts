/** `copperplate user add NAME --password P [--data DIR]`: creates an account (stop a PGlite server on DIR first). */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { CODES, messageForCode } from '@copperplate/model';
import type { Command } from '../commands.ts';
import { DEFAULT_DATA_DIR } from './serve.ts';

export const user: Command = {
  name: 'user',
  usage: 'user add NAME --password P [--data DIR] [--database-url URL]',
  summary: 'create an account',
  async run(args) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { password: { type: 'string' }, data: { type: 'string' }, 'database-url': { type: 'string' }, nickname: { type: 'string' } } });
    const [sub, name] = positionals;
    if (sub !== 'add' || !name || !values.password) {
      console.error(`Usage: copperplate ${this.usage}`);
      return 2;
    }
    if (!/^[A-Za-z0-9_.@-]{1,64}$/.test(name)) throw new Error(messageForCode(CODES.ILLEGAL_NAME));
    if (values.password.length < 4) throw new Error('The password needs at least 4 characters');
    const { createUser, migrate, openDatabase } = await import('@copperplate/server'); // loaded only here
    const db = await openDatabase({ dataDir: resolve(values.data ?? DEFAULT_DATA_DIR), databaseUrl: values['database-url'] ?? process.env.DATABASE_URL });
    try {
      await migrate(db);
      const id = await createUser({ db }, name, values.password, values.nickname ?? name);
      if (!id) throw new Error(messageForCode(CODES.USERNAME_TAKEN));
      console.log(`Created user ${name} (${id})`);
      return 0;
    } finally {
      await db.close();
    }
  },
};
