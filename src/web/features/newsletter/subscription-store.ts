import { useEffect, useSyncExternalStore } from 'react'
import {
  fetchNewsletterStatus,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from './api/newsletter-api.ts'

/** SPEC section 4's subscription flag for the signed-in member (the header toggle's state). */
export interface SubscriptionState {
  userId: string | null
  subscribed: boolean
  /** Whether the flag has been read from the server for this member. */
  loaded: boolean
  processing: boolean
}

let state: SubscriptionState = { userId: null, subscribed: false, loaded: false, processing: false }
const listeners = new Set<() => void>()
let loadingFor: string | null = null

function setState(next: Partial<SubscriptionState>) {
  state = { ...state, ...next }
  listeners.forEach((notify) => notify())
}

/**
 * Reads the flag once per signed-in member. SPEC: it starts from the subscriber row's verified
 * value; a failed read is only logged and counts as not subscribed.
 */
export async function loadSubscription(userId: string): Promise<void> {
  if (state.userId === userId || loadingFor === userId) return
  loadingFor = userId
  const result = await fetchNewsletterStatus()
  if (loadingFor !== userId) return
  loadingFor = null
  if (!result.ok) console.warn('Could not read the newsletter status', result)
  setState({
    userId,
    subscribed: result.ok ? result.data.subscribed : false,
    loaded: true,
    processing: false,
  })
}

/** After the landing form changed the member's own subscription. */
export function subscriptionChanged(userId: string, subscribed: boolean) {
  if (state.userId === userId) setState({ subscribed })
}

/**
 * The header toggle: subscribes or unsubscribes the member's own address. SPEC: the name is the
 * full name or the part of the address before the @; on error it is logged and the flag stays.
 */
export async function toggleSubscription(me: {
  id: string
  email: string
  fullName: string | null
}): Promise<void> {
  if (state.processing || state.userId !== me.id) return
  setState({ processing: true })
  if (state.subscribed) {
    const result = await unsubscribeFromNewsletter(me.email)
    if (result.ok) setState({ subscribed: !result.data.unsubscribed && state.subscribed })
    else console.warn('Newsletter unsubscribe failed', result)
  } else {
    const result = await subscribeToNewsletter({
      email: me.email,
      name: me.fullName || me.email.split('@')[0],
      source: 'account-menu',
    })
    if (result.ok) setState({ subscribed: result.data.subscribed })
    else console.warn('Newsletter subscribe failed', result)
  }
  setState({ processing: false })
}

export function useSubscription(userId: string): SubscriptionState {
  useEffect(() => {
    void loadSubscription(userId)
  }, [userId])
  const current = useSyncExternalStore(
    (notify) => {
      listeners.add(notify)
      return () => listeners.delete(notify)
    },
    () => state,
  )
  return current.userId === userId
    ? current
    : { userId, subscribed: false, loaded: false, processing: false }
}
