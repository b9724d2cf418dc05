export * from './common.ts';
export * from './project.ts';
export * from './documents.ts';
export * from './library.ts';
export * from './components.ts';
export * from './resources.ts';
export * from './tickets.ts';
export * from './misc.ts';
