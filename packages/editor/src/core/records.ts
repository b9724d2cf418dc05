/** Moved to `@copperplate/schematic` (records): the schematic's read side is shared with the server and the CLI. */
export * from '@copperplate/schematic/records';
