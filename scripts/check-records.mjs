#!/usr/bin/env node
/**
 * Record reads go through the record modules (packages/format/src/records): this check fails when a
 * positional record read such as `r[4]`, `rec?.[1]` or `doc.get(k)?.[0]` appears in the scoped
 * folders. Variables named like records (r, q, o, rec, record, line, head, pour, net, cell, ...)
 * indexed by a number literal are reads by position; `get(...)[n]` / `singleton(...)[n]` index a
 * record straight from a document. Comment lines are skipped. Arrays that are not records use
 * other names (points `p`, strokes `s`, sort tuples `a`/`b`, pad `shape`/`hole` sub-arrays).
 */
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Folders that must not read records by position. */
export const SCOPES = [
  'packages/schematic/src',
  'packages/editor/src/core',
  'packages/editor/src/sch',
  'packages/editor/src/pcb',
  'packages/editor/src/symbol',
  'packages/editor/src/footprint',
  'packages/editor/src/view',
  'packages/editor/src/render',
  'packages/editor/src/panel',
  'apps/web/src',
];

/** Exceptions: { file, text, why }; `text` must occur in the offending line. Keep this short. */
export const ALLOW = [];

const NAMES = 'r|q|o|rec|record|line|fr|one|head|pour|net|cell|pr|arr|attr|comp|pad|via|track|doctype';
export const POSITIONAL = new RegExp(`\\b(?:${NAMES})\\??\\.?\\[\\d+\\]|\\b(?:get|singleton)\\([^()]*\\)\\??\\.?\\[\\d+\\]`);

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

/** Problems (`file:line: text`) in the scoped folders under `base`; [] when clean. */
export function checkRecordReads(base = root, scopes = SCOPES, allow = ALLOW) {
  const problems = [];
  for (const scope of scopes) {
    for (const file of walk(join(base, scope))) {
      const rel = relative(base, file);
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((text, i) => {
        if (/^\s*(\*|\/\/|\/\*)/.test(text)) return;
        if (!POSITIONAL.test(text)) return;
        if (allow.some((a) => rel === a.file && text.includes(a.text))) return;
        problems.push(`${rel}:${i + 1}: ${text.trim()}`);
      });
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkRecordReads();
  if (problems.length) {
    console.error(`Positional record reads (read fields by name through @copperplate/format/records):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log('Record reads check: ok');
}
