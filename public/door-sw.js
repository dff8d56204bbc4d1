// The door's service worker (decision 67). Registered by the door screen with the scope of one
// event's door, `/admin/events/<id>/door`, so it controls that page and nothing else: every other
// page of the site loads from the network exactly as before.
//
// - The door page itself: from the network, kept as it comes; from the kept copy only when the
//   network fails (or is silent for 4 s and a copy exists). Online, a new build shows at once.
// - The build's hashed files (/assets/…): from the kept copy, else the network (they never change).
// - Everything else (the API, the door list's stream): untouched. The door list itself is kept by
//   the page (localStorage), for that event only.
// The page removes this worker and its cache when the evening ends, she loses access or signs out.

const scopePath = new URL(self.registration.scope).pathname
const cacheName = `lendulet-door-${scopePath.split('/')[3] ?? ''}`
const NETWORK_PATIENCE_MS = 4_000

self.addEventListener('install', () => {
  void self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

const isAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/')

// The page sends the files it loaded before this worker took it over; the page itself is
// fetched again, since it came before the worker too.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'keep' || !Array.isArray(event.data.urls)) return
  event.waitUntil(
    caches.open(cacheName).then(async (cache) => {
      const response = await fetch(scopePath).catch(() => null)
      if (response?.ok) await cache.put(scopePath, response)
      for (const href of event.data.urls) {
        const url = new URL(href, self.location.origin)
        if (!isAsset(url) || (await cache.match(url.href))) continue
        await cache.add(url.href).catch(() => undefined)
      }
    }),
  )
})

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (request.mode === 'navigate' && url.pathname === scopePath) event.respondWith(page(request))
  else if (isAsset(url)) event.respondWith(asset(request))
})

async function page(request) {
  const cache = await caches.open(cacheName)
  const network = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(scopePath, response.clone())
    return response
  })
  const kept = await cache.match(scopePath, { ignoreVary: true })
  if (!kept) return network
  return Promise.race([
    network.catch(() => kept),
    new Promise((resolve) => setTimeout(() => resolve(kept), NETWORK_PATIENCE_MS)),
  ])
}

async function asset(request) {
  const cache = await caches.open(cacheName)
  const kept = await cache.match(request, { ignoreVary: true })
  if (kept) return kept
  const response = await fetch(request)
  if (response.ok) await cache.put(request, response.clone())
  return response
}
