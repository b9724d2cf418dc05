// The layering rule of ARCHITECTURE.md, checked on every import of every source file.
// Fails (exit 1) with one line per broken import.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative, dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const defaultRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Which workspace packages each package may import, and whether Node built-ins / React are allowed. */
export const LAYERS = {
  model: { deps: [], node: false, react: false },
  format: { deps: ['model'], node: false, react: false },
  board: { deps: ['model', 'format'], node: false, react: false },
  convert: { deps: ['model', 'format', 'board'], node: false, react: false },
  library: { deps: ['model', 'format', 'board', 'convert'], node: false, react: false },
  sync: { deps: ['model', 'format'], node: false, react: false },
  spice: { deps: ['model'], node: false, react: false },
  schematic: { deps: ['model', 'format', 'board', 'spice'], node: false, react: false },
  store: { deps: ['model', 'format', 'sync'], node: false, react: false },
  editor: { deps: ['model', 'format', 'board', 'convert', 'sync', 'spice', 'schematic'], node: false, react: false },
  server: { deps: ['model', 'format', 'board', 'convert', 'library', 'spice', 'schematic'], node: true, react: false },
  web: { deps: ['model', 'format', 'board', 'convert', 'library', 'sync', 'store', 'editor', 'spice', 'schematic'], node: false, react: true },
  desktop: { deps: ['model', 'format', 'board', 'convert', 'library', 'sync', 'store', 'editor', 'web', 'spice', 'schematic'], node: true, react: true },
  cli: { deps: ['model', 'format', 'board', 'convert', 'library', 'sync', 'store', 'editor', 'server', 'spice', 'schematic', 'desktop'], node: true, react: false },
};

const NODE_BUILTINS = new Set(['fs', 'path', 'os', 'crypto', 'child_process', 'http', 'https', 'net', 'url', 'zlib', 'stream', 'util', 'worker_threads', 'events', 'buffer', 'process', 'readline', 'timers', 'dns', 'tls', 'cluster', 'v8', 'vm', 'assert', 'perf_hooks', 'module']);
const CLIENT_ONLY_NPM = new Set(['react', 'react-dom', 'dexie']);
/** Packages the apps may import only by their name (one public API, no deep imports). */
export const ONE_API = new Set(['editor']);

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name) && !/\.d\.ts$/.test(name)) out.push(p);
  }
  return out;
}

const IMPORT_RE = /(?:^|[\s;])(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

export function checkLayers(root = defaultRoot) {
  const problems = [];
  for (const group of ['packages', 'apps']) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const pkg of readdirSync(base)) {
      const rule = LAYERS[pkg];
      const srcDir = join(base, pkg, 'src');
      if (!existsSync(srcDir)) continue;
      if (!rule) { problems.push(`${group}/${pkg}: package has no layering rule in scripts/check-layers.mjs`); continue; }
      for (const file of walk(srcDir)) {
        const text = readFileSync(file, 'utf8');
        const rel = relative(root, file);
        for (const m of text.matchAll(IMPORT_RE)) {
          const spec = m[1] ?? m[2] ?? m[3];
          if (!spec) continue;
          if (spec.startsWith('.')) {
            const target = resolve(dirname(file), spec);
            if (!target.startsWith(join(base, pkg) + sep)) problems.push(`${rel}: relative import '${spec}' leaves the package; import the package by name`);
            continue;
          }
          const scoped = spec.match(/^@copperplate\/([^/]+)/);
          if (scoped) {
            if (scoped[1] !== pkg && !rule.deps.includes(scoped[1])) problems.push(`${rel}: ${pkg} may not import @copperplate/${scoped[1]} (allowed: ${rule.deps.join(', ') || 'none'})`);
            // the editor has one public API: an app imports '@copperplate/editor', never a path inside it
            else if (group === 'apps' && ONE_API.has(scoped[1]) && spec !== `@copperplate/${scoped[1]}`) problems.push(`${rel}: import '@copperplate/${scoped[1]}' (its public API), not '${spec}'`);
            continue;
          }
          const bare = spec.replace(/^node:/, '').split('/')[0];
          if (spec.startsWith('node:') || NODE_BUILTINS.has(bare)) {
            if (!rule.node) problems.push(`${rel}: ${pkg} runs in the browser and may not import Node built-in '${spec}'`);
            continue;
          }
          if (CLIENT_ONLY_NPM.has(bare) && pkg === 'server') problems.push(`${rel}: the server may not import client library '${spec}'`);
          if ((bare === 'react' || bare === 'react-dom') && !rule.react) problems.push(`${rel}: ${pkg} may not import React ('${spec}')`);
        }
      }
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const problems = checkLayers();
  if (problems.length) {
    console.error(`Layering check failed (${problems.length}):\n` + problems.map((p) => '  ' + p).join('\n'));
    process.exit(1);
  }
  console.log('Layering check: ok');
}
