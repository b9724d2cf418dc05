/**
 * A lean process entry for the server (what `copperplate serve` runs, without loading the other CLI
 * commands): `node --import tsx apps/server/src/main.ts [--port N] [--host H] [--data DIR] [--database-url URL]
 * [--trust-proxy ADDRESS|true] [--quiet]` (COPPERPLATE_TRUST_PROXY as for `copperplate serve`).
 * Prints `... listening on URL` once it accepts connections; SIGINT/SIGTERM close it.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { startServer } from './index.ts';
import { parseTrustProxy } from './app.ts';

const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' }, data: { type: 'string' }, 'database-url': { type: 'string' }, 'trust-proxy': { type: 'string' }, quiet: { type: 'boolean' } } });
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL ?? undefined;
const dataDir = resolve(values.data ?? './.data');
const server = await startServer({
  port: Number(values.port ?? process.env.PORT ?? 5173),
  host: values.host ?? '127.0.0.1',
  dataDir,
  databaseUrl,
  trustProxy: parseTrustProxy(values['trust-proxy'] ?? process.env.COPPERPLATE_TRUST_PROXY),
  logger: values.quiet ? false : { level: process.env.LOG_LEVEL ?? 'info' },
});
console.log(`Copperplate server listening on ${server.url} (${databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`})`);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
