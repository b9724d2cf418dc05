/** Pure helpers of the web app, exported for tests and other hosts (the app itself starts in main.tsx). */
export { downloadFileName, sanitizeFileName } from './lib/download.ts';
export { readReport, groupName } from './lib/report.ts';
export { recentProjects } from './lib/recent.ts';
export { PROGRESS, RESULT, FAILURE_GROUPS } from './lib/messages.ts';
export { loadTabs, saveTabs, openTab, closeTab, tabKey, editorOf } from './project/tabs.ts';
export { buildTree, tabKindOf } from './project/tree.ts';
export { parseRecords, recordCounts } from './project/records.ts';
export { readCookie, messageFor, ApiError } from './api/http.ts';
