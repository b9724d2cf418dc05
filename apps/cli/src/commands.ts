/**
 * The registry of CLI subcommands, loaded lazily: running one command loads only its module (the
 * server, Chromium and board code of the others stay unread; `inspect` starts in half the time).
 * Add a command: write apps/cli/src/commands/NAME.ts and list its loader here.
 */
export interface Command {
  name: string;
  usage: string;
  summary: string;
  run(args: string[]): Promise<number>;
}

const LOADERS: Record<string, () => Promise<Command>> = {
  inspect: async () => (await import('./commands/inspect.ts')).inspect,
  convert: async () => (await import('./commands/convert.ts')).convert,
  render: async () => (await import('./commands/render.ts')).render,
  serve: async () => (await import('./commands/serve.ts')).serve,
  user: async () => (await import('./commands/user.ts')).user,
  push: async () => (await import('./commands/push.ts')).push,
  pull: async () => (await import('./commands/pull.ts')).pull,
  project: async () => (await import('./commands/project.ts')).project,
  'simulate-sync': async () => (await import('./commands/simulate-sync.ts')).simulateSync,
  simulate: async () => (await import('./commands/simulate.ts')).simulate,
  export: async () => (await import('./commands/export.ts')).exportCmd,
  pour: async () => (await import('./commands/pour.ts')).pour,
  drc: async () => (await import('./commands/drc.ts')).drc,
  api: async () => (await import('./commands/api.ts')).api,
  library: async () => (await import('./commands/library.ts')).library,
  desktop: async () => (await import('./commands/desktop.ts')).desktop,
};

/** The command called `name`, its module loaded; undefined when there is none. */
export async function loadCommand(name: string): Promise<Command | undefined> {
  return Object.hasOwn(LOADERS, name) ? LOADERS[name]() : undefined;
}

/** Every command, in the order `help` lists them (loads every module). */
export async function allCommands(): Promise<Command[]> {
  return Promise.all(Object.values(LOADERS).map((load) => load()));
}
