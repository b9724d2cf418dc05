import { inspect } from './commands/inspect.ts';
import { convert } from './commands/convert.ts';
import { render } from './commands/render.ts';

/** The registry of CLI subcommands. Add a command: write apps/cli/src/commands/NAME.ts and list it here. */
export interface Command {
  name: string;
  usage: string;
  summary: string;
  run(args: string[]): Promise<number>;
}

export const COMMANDS: Command[] = [
  inspect,
  convert,
  render,
];
