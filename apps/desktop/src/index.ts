export { startDesktopHost, proposedPath, checkSavePath, type DesktopHost, type DesktopOptions, type DesktopNetwork } from './host.ts';
export { FileStore } from './file-store.ts';
export { localProjectData, localProjectEpro } from './local-files.ts';
export { findChromium, openAppWindow, appWindowArgs } from './window.ts';
