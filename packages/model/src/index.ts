export * from './errors.ts';
export * from './constants.ts';
export * from './ids.ts';
export * from './enums.ts';
export * from './layers.ts';
export * from './modes.ts';
export * from './entities/index.ts';
