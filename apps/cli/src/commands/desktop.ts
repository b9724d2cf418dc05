/**
 * `copperplate desktop`: the desktop client (build mode CLIENT, issue 17 part 6). Starts the local
 * host on 127.0.0.1 (the app, projects kept as local files in --data, the local application
 * interface, /api passed to the cloud --server) and opens it in Chromium as an app window unless
 * --no-open. Prints `Copperplate desktop on URL` once it listens; stops on SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from '../commands.ts';

export const DEFAULT_DESKTOP_DATA = join(homedir(), '.copperplate-desktop');

export const desktop: Command = {
  name: 'desktop',
  usage: 'desktop [--port N] [--data DIR] [--server URL] [--mode ONLINE|HALF_OFFLINE|OFFLINE] [--no-open]',
  summary: 'the desktop client: the app on 127.0.0.1, projects as local files and in the cloud (--server), in a Chromium app window',
  async run(args) {
    const { values } = parseArgs({ args, options: { port: { type: 'string' }, data: { type: 'string' }, server: { type: 'string' }, mode: { type: 'string' }, 'no-open': { type: 'boolean' }, web: { type: 'string' }, probe: { type: 'string' } } });
    const port = values.port === undefined ? 0 : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port '${values.port}'`);
    const mode = (values.mode ?? 'HALF_OFFLINE').toUpperCase();
    if (mode !== 'ONLINE' && mode !== 'HALF_OFFLINE' && mode !== 'OFFLINE') throw new Error(`Invalid mode '${values.mode}' (ONLINE, HALF_OFFLINE or OFFLINE)`);
    const dataDir = resolve(values.data ?? process.env.COPPERPLATE_DESKTOP_DATA ?? DEFAULT_DESKTOP_DATA);
    const cloud = values.server ?? process.env.COPPERPLATE_SERVER ?? 'http://localhost:5173';
    const { startDesktopHost, openAppWindow } = await import('@copperplate/desktop');
    const host = await startDesktopHost({ port, dataDir, cloud, network: mode, webDir: values.web, probeMs: values.probe ? Number(values.probe) : undefined });
    console.log(`Copperplate desktop on ${host.url} (cloud ${cloud}, mode ${mode}, local files in ${dataDir})`);
    let win = null;
    if (!values['no-open']) {
      win = openAppWindow(host.appUrl, dataDir);
      if (!win) console.log(`No Chromium found (set CHROMIUM): open ${host.appUrl} in a browser`);
    }
    await new Promise<void>((done) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        win?.kill();
        host.close().then(done, done);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      win?.on('exit', stop); // closing the app window ends the desktop client
    });
    return 0;
  },
};
