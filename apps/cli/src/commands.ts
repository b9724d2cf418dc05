import { inspect } from './commands/inspect.ts';
import { convert } from './commands/convert.ts';
import { render } from './commands/render.ts';
import { serve } from './commands/serve.ts';
import { user } from './commands/user.ts';
import { push } from './commands/push.ts';
import { pull } from './commands/pull.ts';
import { project } from './commands/project.ts';
import { simulateSync } from './commands/simulate-sync.ts';
import { simulate } from './commands/simulate.ts';
import { pour } from './commands/pour.ts';
import { drc } from './commands/drc.ts';
import { exportCmd } from './commands/export.ts';
import { api } from './commands/api.ts';
import { library } from './commands/library.ts';
import { desktop } from './commands/desktop.ts';

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
  serve,
  user,
  push,
  pull,
  project,
  simulateSync,
  simulate,
  exportCmd,
  pour,
  drc,
  api,
  library,
  desktop,
];
