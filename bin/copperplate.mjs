#!/usr/bin/env node
// The `copperplate` command. Sources are TypeScript; tsx compiles them on load.
import { register } from 'tsx/esm/api';
register();
const { main } = await import('../apps/cli/src/main.ts');
process.exitCode = await main(process.argv.slice(2));
