import { useEffect, useSyncExternalStore } from 'react'
import type { InferResponseType } from 'hono/client'
import { ROLE_READ_DELAY_MS } from '#shared/constants.ts'
import type { ApiClient } from './api-client.ts'

// Every page reads the session, so this module stays off the typed client's runtime (it is in
// the landing page's first load); the response type still comes from the server's route.
type SessionResponse = InferResponseType<ApiClient['session']['$get']>
export type Me = NonNullable<SessionResponse['me']>
export type Role = 'admin' | 'user' | 'none'
export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; me: Me; role: Exclude<Role, 'none'> }

const LOADING: SessionState = { status: 'loading' }
let state: SessionState = LOADING
const listeners = new Set<() => void>()
let firstRead: number | undefined

function setState(next: SessionState) {
  state = next
  listeners.forEach((notify) => notify())
}

// Signing in or out in one tab is an auth change for the others too: they read the session again.
// (Not while prerendering at build time: Node has BroadcastChannel too, and an open one keeps it running.)
const tabs =
  typeof window === 'undefined' || typeof BroadcastChannel === 'undefined'
    ? null
    : new BroadcastChannel('lendulet-auth')
if (tabs) tabs.onmessage = () => void refreshSession(false)

/** Reads the session and profile again; call after anything that signs in or out. */
export async function refreshSession(tellOtherTabs = true): Promise<SessionState> {
  if (tellOtherTabs) tabs?.postMessage('changed')
  try {
    const response = await fetch('/api/session')
    if (!response.ok) throw new Error(`session answered ${response.status}`)
    const { me } = (await response.json()) as SessionResponse
    setState(
      me
        ? { status: 'signed-in', me, role: me.isAdmin ? 'admin' : 'user' }
        : { status: 'signed-out' },
    )
  } catch (error) {
    // SPEC: session and profile read errors are only logged; the visitor counts as signed out.
    console.warn('Could not read the session', error)
    setState({ status: 'signed-out' })
  }
  return state
}

export function signedOut() {
  setState({ status: 'signed-out' })
  // A door's list (names and codes) does not stay on a phone she has signed out of.
  void import('./doors-on-device.ts').then(({ forgetAllDoors }) => forgetAllDoors())
  tabs?.postMessage('changed')
}

/** The session and role, read once 200 ms after the app starts (SPEC), then after each auth change. */
export function useSession(): SessionState {
  useEffect(() => {
    if (firstRead === undefined)
      firstRead = window.setTimeout(() => void refreshSession(false), ROLE_READ_DELAY_MS)
  }, [])
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify)
      return () => listeners.delete(notify)
    },
    () => state,
    // Prerendered pages and their hydration: nobody is known yet.
    () => LOADING,
  )
}

/** Where a signed-in user belongs: admins to /admin, everyone else to /home. */
export const homeFor = (role: Role) => (role === 'admin' ? '/admin' : '/home')
