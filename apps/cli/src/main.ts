/**
 * The `copperplate` command: the product's automation interface (as kicad-cli is for KiCad).
 * Each subcommand lives in its own module under ./commands and is registered here.
 * Output for users never includes a stack trace: errors print one line with the catalogue message.
 */
import { loadKicadFont } from '@copperplate/server/kicad-font';
import { COMMANDS, type Command } from './commands.ts';

export const USAGE = `copperplate <command> [options]

Commands:
${COMMANDS.map((c: Command) => `  ${c.usage.padEnd(58)} ${c.summary}`).join('\n')}
  help                                                       this text`;

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    console.log(USAGE);
    return 0;
  }
  const cmd = COMMANDS.find((c) => c.name === name);
  if (!cmd) {
    console.error(`Unknown command '${name}'. Run 'copperplate help'.`);
    return 2;
  }
  // KiCad's stroke font for text imported from KiCad, when `ensure --kicad` cached it (a small JSON file)
  loadKicadFont();
  try {
    return await cmd.run(rest);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    if (process.env.COPPERPLATE_DEBUG) console.error(e);
    return 1;
  }
}
