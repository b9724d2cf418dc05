// Copperplate download-stream service worker (SPEC §4 "Download stream", §7 service paths, STREAM-1).
// create: a navigation with ?uuid&fileName answered with a streamed attachment;
// write: POST a chunk into that stream; close: POST to end it. Open streams are tracked by uuid
// and removed on close.
// The app shell (the page, /assets/*, icons) is network-first with a cache fallback so that a
// reload while offline still starts the app, which then opens projects from the local database.
// /api/ requests always go to the network untouched.
const streams = new Map(); // uuid -> { controller, fileName }
const SHELL = 'copperplate-shell-v1';

function isShell(url, request) {
  if (request.method !== 'GET' || url.origin !== self.location.origin) return false;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/sw/')) return false;
  return request.mode === 'navigate' || url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg';
}

async function networkFirst(request) {
  const cache = await caches.open(SHELL);
  const key = request.mode === 'navigate' ? '/' : request;
  try {
    const res = await fetch(request);
    if (res.ok) await cache.put(key, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(key);
    if (hit) return hit;
    throw err;
  }
}

// Precache the shell: the page and the assets it links, so the first reload offline works.
async function precache() {
  const cache = await caches.open(SHELL);
  const res = await fetch('/', { cache: 'no-store' });
  if (!res.ok) return;
  const html = await res.clone().text();
  await cache.put('/', res);
  const assets = [...html.matchAll(/(?:src|href)="(\/(?:assets\/[^"]+|favicon\.svg))"/g)].map((m) => m[1]);
  await Promise.all(assets.map((a) => cache.add(a).catch(() => undefined)));
}
self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(precache().catch(() => undefined));
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function asciiName(name) {
  return name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (isShell(url, event.request)) {
    event.respondWith(networkFirst(event.request));
    return;
  }
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/sw/download/stream/')) return;
  const action = url.pathname.slice('/sw/download/stream/'.length);
  const uuid = url.searchParams.get('uuid') || '';
  const fileName = url.searchParams.get('fileName') || 'download';
  if (action === 'create') {
    let controller;
    const body = new ReadableStream({ start: (c) => { controller = c; } });
    streams.set(uuid, { controller, fileName });
    event.respondWith(
      new Response(body, {
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-Disposition': `attachment; filename="${asciiName(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
          'X-Content-Type-Options': 'nosniff',
        },
      }),
    );
    return;
  }
  const entry = streams.get(uuid);
  if (action === 'write') {
    event.respondWith(
      (async () => {
        if (!entry) return new Response('no such stream', { status: 404 });
        entry.controller.enqueue(new Uint8Array(await event.request.arrayBuffer()));
        return new Response(null, { status: 204 });
      })(),
    );
    return;
  }
  if (action === 'close') {
    if (entry) {
      entry.controller.close();
      streams.delete(uuid);
    }
    event.respondWith(new Response(null, { status: entry ? 204 : 404 }));
  }
});
