export * from './memory-store.ts';
export * from './dexie-store.ts';
