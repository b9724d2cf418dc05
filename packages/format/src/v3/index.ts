export * from './epru.ts';
export * from './report.ts';
export { convertV3, isV3Archive, type V3Conversion } from './archive.ts';
export { panelRecordFromV3, panelRecordToV3 } from './panel.ts';
