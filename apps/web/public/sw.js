// Copperplate download-stream service worker (SPEC §4 "Download stream", §7 service paths, STREAM-1).
// A page of this origin first registers a stream by message ({type: 'download', uuid, fileName,
// token, csrf}): the worker checks the one-time token with the server (POST /api/downloads/check)
// and answers on the message port. Then create: a navigation of this origin with ?uuid&token
// answered with a streamed attachment named as registered; write: a fetch of a page of this origin
// POSTs a chunk; close: ends it. Open streams are tracked by uuid and removed on close. Anything
// else (another site's frame or form, a wrong token, a file name in the address) gets 403
// (issue 11: any site could start a download with a chosen name and content).
// The app shell (the page, /assets/*, icons) is network-first with a cache fallback so that a
// reload while offline still starts the app, which then opens projects from the local database.
// /api/ requests always go to the network untouched.
const streams = new Map(); // uuid -> { controller, fileName, token }
const registered = new Map(); // uuid -> { fileName, token }: checked by the server, not yet created
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

const sameOrigin = (u) => { try { return new URL(u).origin === self.location.origin; } catch { return false; } };
const refused = () => new Response('refused', { status: 403 });

self.addEventListener('message', (event) => {
  const m = event.data;
  const port = event.ports && event.ports[0];
  if (!m || m.type !== 'download' || !port) return;
  if (event.origin !== self.location.origin || !event.source || !sameOrigin(event.source.url)) { port.postMessage({ ok: false }); return; }
  event.waitUntil((async () => {
    let ok = false;
    try {
      const r = await fetch('/api/downloads/check', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', 'x-csrf-token': String(m.csrf || '') }, body: JSON.stringify({ token: String(m.token || '') }) });
      ok = r.ok && (await r.json()).code === 0;
    } catch { ok = false; }
    if (ok) registered.set(String(m.uuid), { fileName: String(m.fileName || 'download'), token: String(m.token) });
    port.postMessage({ ok });
  })());
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (isShell(url, event.request)) {
    event.respondWith(networkFirst(event.request));
    return;
  }
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/sw/download/stream/')) return;
  const action = url.pathname.slice('/sw/download/stream/'.length);
  const uuid = url.searchParams.get('uuid') || '';
  const token = url.searchParams.get('token') || '';
  if (action === 'create') {
    // a frame of one of our pages (its referrer is our origin) with the registered token
    const reg = registered.get(uuid);
    if (!reg || reg.token !== token || !sameOrigin(event.request.referrer)) { event.respondWith(refused()); return; }
    registered.delete(uuid);
    let controller;
    const body = new ReadableStream({ start: (c) => { controller = c; } });
    const fileName = reg.fileName;
    streams.set(uuid, { controller, fileName, token });
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
  // write and close: fetches (never navigations: another site's form) of one of our pages, with the stream's token
  event.respondWith((async () => {
    const client = event.clientId ? await self.clients.get(event.clientId) : null;
    if (!entry || entry.token !== token || event.request.mode === 'navigate' || !client || !sameOrigin(client.url)) return entry ? refused() : new Response('no such stream', { status: 404 });
    if (action === 'write') {
      entry.controller.enqueue(new Uint8Array(await event.request.arrayBuffer()));
      return new Response(null, { status: 204 });
    }
    if (action === 'close') {
      entry.controller.close();
      streams.delete(uuid);
      return new Response(null, { status: 204 });
    }
    return new Response('unknown action', { status: 404 });
  })());
});
