/** Moved to `@copperplate/schematic` (context): the schematic's read side is shared with the server and the CLI. */
export * from '@copperplate/schematic/context';
