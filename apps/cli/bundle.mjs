// The `copperplate` command's code in one esbuild bundle (.cache/cli), so the command starts in a
// fraction of a second instead of compiling its TypeScript with tsx on every start (about 3 s of CPU
// before `--help` printed). The bundle is made again when one of its sources is newer than it (the
// first run after a change pays ~1 s); when esbuild is missing or the build fails, bin/copperplate.mjs
// runs the sources through tsx as before.
// Our packages (@copperplate/*) are bundled; every other package stays an import from node_modules.
// A source's import.meta.url / dirname / filename are its own (worker scripts, data files and the
// web app are found next to the sources, as under tsx).
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIR = join(root, '.cache', 'cli');
const STAMP = join(DIR, 'stamp.json');
/** The command, and what its worker threads load (apps/cli/src/workers/*.mjs: `bundledEntry`). */
const ENTRIES = {
  copperplate: join(root, 'apps', 'cli', 'src', 'main.ts'),
  'board-job': join(root, 'apps', 'cli', 'src', 'workers', 'board-job.ts'),
  'pour-warm': join(root, 'apps', 'cli', 'src', 'workers', 'pour-warm.ts'),
  'pour-par': join(root, 'packages', 'board', 'src', 'pour-par.ts'),
};

/** COPPERPLATE_CLI_TSX=1: no bundle, the sources through tsx. */
const wanted = !process.env.COPPERPLATE_CLI_TSX;
/** The fresh bundle's folder, looked up once per thread (undefined: not yet). */
let freshDir;

/** The folder of the bundle when it is newer than every source it was made from, else null. */
function fresh() {
  if (freshDir !== undefined) return freshDir;
  freshDir = null;
  if (!wanted) return null;
  let stamp;
  try { stamp = JSON.parse(readFileSync(STAMP, 'utf8')); } catch { return null; }
  try {
    for (const f of stamp.inputs) if (statSync(join(root, f)).mtimeMs > stamp.builtAt) return null;
  } catch {
    return null; // a source is gone
  }
  return (freshDir = join(DIR, stamp.dir));
}

/** The fresh bundle's entry `name` (a file: URL, see ENTRIES), or null. */
export function bundledEntry(name) {
  const dir = fresh();
  if (!dir) return null;
  try { statSync(join(dir, `${name}.mjs`)); } catch { return null; } // the bundle is gone
  return pathToFileURL(join(dir, `${name}.mjs`)).href;
}

/** The command's entry in a fresh bundle, or null. */
export const freshBundle = () => bundledEntry('copperplate');

/** Make the bundle (a new folder, then the stamp pointing at it: a run that started on the old one keeps it). Returns its entry, or null. */
export async function buildBundle() {
  if (!wanted) return null;
  let esbuild;
  try { esbuild = await import('esbuild'); } catch { return null; }
  const builtAt = Date.now();
  const dir = `b${builtAt}-${process.pid}`;
  const out = join(DIR, dir);
  const sources = {
    name: 'copperplate-sources',
    setup(b) {
      // packages other than ours are loaded by Node from node_modules at run time
      b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@copperplate/') ? undefined : { path: a.path, external: true }));
      b.onLoad({ filter: /\.(ts|tsx|mts|mjs|js)$/ }, async (a) => {
        if (a.path.includes('/node_modules/')) return undefined;
        const src = await readFile(a.path, 'utf8');
        if (!src.includes('import.meta.')) return undefined;
        const contents = src
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(a.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(a.path)))
          .replaceAll('import.meta.filename', JSON.stringify(a.path));
        return { contents, loader: a.path.endsWith('.tsx') ? 'tsx' : /\.m?ts$/.test(a.path) ? 'ts' : 'js' };
      });
    },
  };
  try {
    const r = await esbuild.build({
      entryPoints: ENTRIES,
      absWorkingDir: root,
      outdir: out,
      bundle: true,
      splitting: true, // the commands' own code in chunks loaded when the command runs
      format: 'esm',
      outExtension: { '.js': '.mjs' },
      platform: 'node',
      target: 'node20',
      metafile: true,
      logLevel: 'silent',
      plugins: [sources],
    });
    // the metafile's paths are relative to absWorkingDir (the repo)
    const inputs = Object.keys(r.metafile.inputs).filter((f) => !f.startsWith('node_modules') && !f.includes(':'));
    mkdirSync(DIR, { recursive: true });
    const tmp = `${STAMP}.${process.pid}`;
    writeFileSync(tmp, JSON.stringify({ builtAt, dir, inputs }));
    renameSync(tmp, STAMP);
    // older bundles: kept a day for runs that started on them (a server loads chunks as it goes), then removed
    for (const d of readdirSync(DIR)) {
      const m = /^b(\d+)-/.exec(d);
      if (m && d !== dir && builtAt - Number(m[1]) > 24 * 3600_000) rmSync(join(DIR, d), { recursive: true, force: true });
    }
    return pathToFileURL(join(out, 'copperplate.mjs')).href;
  } catch {
    rmSync(out, { recursive: true, force: true });
    return null;
  }
}
