/** `copperplate serve`: runs the server (PGlite in --data, or PostgreSQL from --database-url / DATABASE_URL). */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import type { Command } from '../commands.ts';

export const DEFAULT_DATA_DIR = './.data';

export const serve: Command = {
  name: 'serve',
  usage: 'serve [--port N] [--host H] [--data DIR] [--database-url URL] [--trust-proxy ADDRESS|true]',
  summary: 'run the server (embedded database in DIR, default ./.data)',
  async run(args) {
    const { values } = parseArgs({ args, options: { port: { type: 'string' }, host: { type: 'string' }, data: { type: 'string' }, 'database-url': { type: 'string' }, web: { type: 'string' }, quiet: { type: 'boolean' }, 'trust-proxy': { type: 'string' } } });
    const port = values.port === undefined ? Number(process.env.PORT ?? 5173) : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port '${values.port}'`);
    const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL ?? undefined;
    const dataDir = resolve(values.data ?? DEFAULT_DATA_DIR);
    const { startServer } = await import('@copperplate/server'); // loaded only when serving
    const { parseTrustProxy } = await import('@copperplate/server/app');
    const server = await startServer({
      port,
      host: values.host ?? '127.0.0.1',
      dataDir,
      databaseUrl,
      webDir: values.web,
      // the proxy whose X-Forwarded-For/-Proto count (client address, https); none unless given
      trustProxy: parseTrustProxy(values['trust-proxy'] ?? process.env.COPPERPLATE_TRUST_PROXY),
      logger: values.quiet ? false : { level: process.env.LOG_LEVEL ?? 'info' },
    });
    console.log(`Copperplate server listening on ${server.url} (${databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`})`);
    await new Promise<void>((done) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        server.close().then(done, done);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    return 0;
  },
};
