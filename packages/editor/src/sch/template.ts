/** Moved to `@copperplate/schematic` (template): the schematic's read side is shared with the server and the CLI. */
export * from '@copperplate/schematic/template';
