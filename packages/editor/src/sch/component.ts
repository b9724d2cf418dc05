/** Moved to `@copperplate/schematic` (component): the schematic's read side is shared with the server and the CLI. */
export * from '@copperplate/schematic/component';
