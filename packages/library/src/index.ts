/**
 * @copperplate/library: the system component library built from KiCad's official symbol and
 * footprint libraries and generated basic parts (pure: no DOM, no Node built-ins). See README.md.
 */
export * from './types.ts';
export * from './terms.ts';
export * from './kicad.ts';
export * from './generate.ts';
export * from './build.ts';
export * from './search-index.ts';
export * from './index-pack.ts';
