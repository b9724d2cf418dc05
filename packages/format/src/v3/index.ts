export * from './epru.ts';
export * from './report.ts';
export { convertV3, isV3Archive, type V3Conversion } from './archive.ts';
