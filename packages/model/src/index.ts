export * from './errors.ts';
export * from './constants.ts';
