/** Moved to `@copperplate/schematic` (spice-circuit): the schematic's read side is shared with the server and the CLI. */
export * from '@copperplate/schematic/spice-circuit';
