#!/usr/bin/env node
// The `copperplate` command. Sources are TypeScript: run from their esbuild bundle (.cache/cli, made
// again when a source is newer: apps/cli/bundle.mjs), or compiled by tsx on load when there is no
// bundle to be had (or COPPERPLATE_CLI_TSX=1).
import { buildBundle, freshBundle } from '../apps/cli/bundle.mjs';

const bundle = freshBundle() ?? (await buildBundle());
let main;
if (bundle) ({ main } = await import(bundle));
else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../apps/cli/src/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
