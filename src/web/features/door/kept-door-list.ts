import { useEffect } from 'react'
import { DOOR_KEY_PREFIX, deviceStorage, doorPath } from '#web/lib/doors-on-device.ts'
import type { DoorState } from './api/door-api.ts'

/** Storage as the door keeps its list in: localStorage in the browser, a Map in tests. */
export interface ListStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

/** A kept list older than this is from another evening: no evening lasts a day. */
const KEEP_FOR_MS = 24 * 3_600_000

const listKey = (eventId: string) => `${DOOR_KEY_PREFIX}${eventId}.list`

/**
 * The door list as this phone last had it for an event, with when it was saved: the door shows
 * it and searches it when the network is gone, across a reload or a phone that slept.
 */
export function keptDoorList(
  eventId: string,
  storage: ListStorage | null = deviceStorage(),
  now = Date.now(),
): { state: DoorState; savedAt: number } | null {
  try {
    const kept = JSON.parse(storage?.getItem(listKey(eventId)) ?? 'null') as {
      state: DoorState
      savedAt: number
    } | null
    if (!kept || kept.state.event.id !== eventId || now - kept.savedAt > KEEP_FOR_MS) return null
    return kept
  } catch {
    return null
  }
}

/** Keeps the door list for this event on the phone (the last one the server sent). */
export function keepDoorList(
  eventId: string,
  state: DoorState,
  storage: ListStorage | null = deviceStorage(),
  now = Date.now(),
) {
  try {
    storage?.setItem(listKey(eventId), JSON.stringify({ state, savedAt: now }))
  } catch {
    // A full or blocked storage: the door works online, and offline until a reload.
  }
}

/**
 * Installs the door's service worker for this event (scope: its door page only) and hands it the
 * build's files this page loaded before it could see them, so the page opens without network.
 */
export async function installDoorWorker(eventId: string) {
  if (!('serviceWorker' in navigator)) return
  try {
    await navigator.serviceWorker.register('/door-sw.js', { scope: doorPath(eventId) })
    const ready = await navigator.serviceWorker.ready
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => new URL(url).origin === location.origin)
    ready.active?.postMessage({ type: 'keep', urls })
  } catch {
    // No worker (a private window, a browser without one): the door still works while online.
  }
}

/**
 * While the door is open, the page's web app manifest is the door's own (scoped to this event's
 * door, started there), so "Add to home screen" puts the door itself on the phone.
 */
export function useDoorManifest(eventId: string, language: string) {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
    if (!link) return
    const site = link.getAttribute('href')
    link.setAttribute(
      'href',
      `/door.webmanifest?event=${encodeURIComponent(eventId)}&lang=${encodeURIComponent(language)}`,
    )
    return () => {
      if (site) link.setAttribute('href', site)
    }
  }, [eventId, language])
}
