// `npm start`: builds the web app (when apps/web has a build script), runs `copperplate serve` with the
// data folder ./.data (PGlite; PostgreSQL when DATABASE_URL is set), makes sure the demo user
// demo/demo-demo and a demo project exist, and prints the URL. PORT (default 5173) and HOST change the address.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webPkg = join(root, 'apps', 'web', 'package.json');

if (existsSync(webPkg) && JSON.parse(readFileSync(webPkg, 'utf8')).scripts?.build) {
  console.log('[start] building the web app (vite)...');
  const b = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) console.error('[start] the web app did not build; serving the API only');
}

// The component library (issue 16): built once into the data folder's database (KiCad's libraries,
// installed by `ensure.mjs --library` inside the build when missing, plus generated parts), with a
// progress bar and the time it took; later starts only check that it is there.
{
  const lb = spawnSync(process.execPath, [join(root, 'bin', 'copperplate.mjs'), 'library', 'build', '--if-missing', '--data', join(root, '.data')], { cwd: root, stdio: 'inherit' });
  if (lb.status !== 0) console.error('[start] the component library was not built (see above); the app runs without it');
}

const args = [join(root, 'bin', 'copperplate.mjs'), 'serve', '--data', join(root, '.data'), '--port', process.env.PORT ?? '5173'];
if (process.env.HOST) args.push('--host', process.env.HOST);
const server = spawn(process.execPath, args, { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));

let seeded = false;
let out = '';
server.stdout.on('data', async (d) => {
  process.stdout.write(d);
  if (seeded) return;
  out += d.toString();
  const m = /listening on (http:\/\/\S+)/.exec(out);
  if (!m) return;
  seeded = true;
  try {
    register();
    const { seedDemo, DEMO_USER } = await import('../apps/server/src/demo.ts');
    const uuid = await seedDemo(m[1]);
    const web = existsSync(join(root, 'apps', 'web', 'dist', 'index.html'));
    console.log(`\nCopperplate is running at ${m[1].replace('127.0.0.1', 'localhost')}/${web ? '' : ' (API only: apps/web/dist is missing)'}`);
    console.log(`Log in as ${DEMO_USER.username} / ${DEMO_USER.password}; demo project ${uuid}. Ctrl+C stops the server.\n`);
  } catch (e) {
    console.error(`[start] could not seed the demo: ${e instanceof Error ? e.message : e}`);
  }
});
