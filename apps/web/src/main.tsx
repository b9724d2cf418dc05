/** Browser entry: mounts the app and registers the download-stream service worker. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerDownloadWorker } from './lib/download.ts';
import { App } from './ui/App.tsx';
import './styles.css';

void registerDownloadWorker();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
