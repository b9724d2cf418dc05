/** Moved to `@copperplate/schematic` (document): the schematic's read side is shared with the server and the CLI. */
export * from '@copperplate/schematic/document';
