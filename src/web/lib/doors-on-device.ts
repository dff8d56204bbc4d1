/**
 * What a door phone keeps for working a door without the network (decision 67): per event, its
 * door list and its queue of check-ins not yet sent (localStorage, `lendulet.door.<id>.…`), and a
 * service worker scoped to that event's door with its cache of the page and the build's files.
 * Forgotten when the evening ends, when she loses access to the door, and when she signs out.
 */
export const DOOR_KEY_PREFIX = 'lendulet.door.'
const CACHE_PREFIX = 'lendulet-door-'
const DOOR_SCOPE = /^\/admin\/events\/[^/]+\/door$/

/** The door screen's address, which is also its service worker's scope. */
export const doorPath = (eventId: string) => `/admin/events/${eventId}/door`
/** The cache the door's service worker keeps for an event (public/door-sw.js names it so). */
export const doorCacheName = (eventId: string) => `${CACHE_PREFIX}${eventId}`

export function deviceStorage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** Removes what the phone keeps for the doors whose event ids pass `which`. */
async function forgetDoors(which: (eventId: string) => boolean): Promise<void> {
  const storage = deviceStorage()
  if (storage)
    for (const key of Object.keys(storage))
      if (
        key.startsWith(DOOR_KEY_PREFIX) &&
        which(key.slice(DOOR_KEY_PREFIX.length).split('.')[0] ?? '')
      )
        storage.removeItem(key)
  const registrations = (await navigator.serviceWorker?.getRegistrations().catch(() => [])) ?? []
  for (const registration of registrations) {
    const scope = new URL(registration.scope).pathname
    if (DOOR_SCOPE.test(scope) && which(scope.split('/')[3] ?? ''))
      await registration.unregister().catch(() => false)
  }
  if (typeof caches === 'undefined') return
  for (const name of await caches.keys().catch(() => []))
    if (name.startsWith(CACHE_PREFIX) && which(name.slice(CACHE_PREFIX.length)))
      await caches.delete(name).catch(() => false)
}

/** One event's door: its list, its queue, its worker and cache. */
export const forgetDoor = (eventId: string) => forgetDoors((id) => id === eventId)

/** Every door this phone kept (she signed out). */
export const forgetAllDoors = () => forgetDoors(() => true)
