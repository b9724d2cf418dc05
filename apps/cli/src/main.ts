/**
 * The `copperplate` command: the product's automation interface (as kicad-cli is for KiCad).
 * Each subcommand lives in its own module under ./commands, loaded only when it runs (./commands.ts).
 * Output for users never includes a stack trace: errors print one line with the catalogue message.
 */
import { loadKicadFont } from '@copperplate/server/kicad-font';
import { allCommands, loadCommand } from './commands.ts';

export async function usage(): Promise<string> {
  const commands = await allCommands();
  return `copperplate <command> [options]

Commands:
${commands.map((c) => `  ${c.usage.padEnd(58)} ${c.summary}`).join('\n')}
  help                                                       this text`;
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    console.log(await usage());
    return 0;
  }
  const cmd = await loadCommand(name);
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
