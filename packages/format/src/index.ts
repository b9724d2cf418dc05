export * from './codec.ts';
export * from './zip.ts';
export * from './epro.ts';
