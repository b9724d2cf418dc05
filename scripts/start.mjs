// `npm start`: runs the app (server + web app on the embedded database, with a demo project).
// Until the server lands this prints the CLI's help.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const r = spawnSync(process.execPath, [join(root, 'bin/copperplate.mjs'), 'help'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
