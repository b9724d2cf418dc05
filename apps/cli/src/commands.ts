/** The registry of CLI subcommands. Add a command: write apps/cli/src/commands/NAME.ts and list it here. */
export interface Command {
  name: string;
  usage: string;
  summary: string;
  run(args: string[]): Promise<number>;
}

export const COMMANDS: Command[] = [];
