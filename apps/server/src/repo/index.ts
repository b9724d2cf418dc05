/** The repository: every SQL statement of the server lives under this folder. */
export * from './users.ts';
export * from './projects.ts';
export * from './items.ts';
export * from './requests.ts';
export * from './misc.ts';
export * from './lookups.ts';
export * from './trash.ts';
export * from './extras.ts';
export * from './states.ts';
