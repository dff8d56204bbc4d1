import { useEffect, useSyncExternalStore } from 'react'
import {
  fetchNewsletterStatus,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from './api/newsletter-api.ts'

/** The signed-in member the flag is for: her address too, as the flag is her address's. */
export interface SubscriptionOwner {
  id: string
  email: string
}

/** What the last toggle did, said in words beside it (the menu item's label alone only flips). */
export type SubscriptionNotice =
  'subscribed' | 'confirmationSent' | 'unsubscribed' | 'unsubscribeEmailSent'

/**
 * SPEC section 4's subscription flag for the signed-in member: the one copy that the account
 * menu's toggle and the account page both read, so neither is left behind by the other.
 */
export interface SubscriptionState {
  /** Whose flag this is (ownerKey): a new member, or her new address, reads it again. */
  owner: string | null
  subscribed: boolean
  /** Whether the flag has been read from the server for this member. */
  loaded: boolean
  processing: boolean
  notice: SubscriptionNotice | null
}

const ownerKey = (owner: SubscriptionOwner) => `${owner.id} ${owner.email.toLowerCase()}`

let state: SubscriptionState = {
  owner: null,
  subscribed: false,
  loaded: false,
  processing: false,
  notice: null,
}
const listeners = new Set<() => void>()
let loadingFor: string | null = null

function setState(next: Partial<SubscriptionState>) {
  state = { ...state, ...next }
  listeners.forEach((notify) => notify())
}

/**
 * Reads the flag once per signed-in member and address: after her address changed, the flag is
 * the new address's. SPEC: it starts from the subscriber row's verified value; a failed read is
 * only logged and counts as not subscribed.
 */
export async function loadSubscription(owner: SubscriptionOwner): Promise<void> {
  const key = ownerKey(owner)
  if (state.owner === key || loadingFor === key) return
  loadingFor = key
  const result = await fetchNewsletterStatus()
  if (loadingFor !== key) return
  loadingFor = null
  if (!result.ok) console.warn('Could not read the newsletter status', result)
  setState({
    owner: key,
    subscribed: result.ok ? result.data.subscribed : false,
    loaded: true,
    processing: false,
    notice: null,
  })
}

/** After the landing form changed the member's own subscription. */
export function subscriptionChanged(owner: SubscriptionOwner, subscribed: boolean) {
  if (state.owner === ownerKey(owner)) setState({ subscribed })
}

/** The notice has been seen (the menu closed). */
export function clearSubscriptionNotice() {
  if (state.notice) setState({ notice: null })
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
  if (state.processing || state.owner !== ownerKey(me)) return
  setState({ processing: true, notice: null })
  if (state.subscribed) {
    const result = await unsubscribeFromNewsletter(me.email)
    if (result.ok)
      setState({
        subscribed: !result.data.unsubscribed && state.subscribed,
        notice: result.data.unsubscribed ? 'unsubscribed' : 'unsubscribeEmailSent',
      })
    else console.warn('Newsletter unsubscribe failed', result)
  } else {
    const result = await subscribeToNewsletter({
      email: me.email,
      name: me.fullName || me.email.split('@')[0],
      source: 'account-menu',
    })
    if (result.ok)
      setState({
        subscribed: result.data.subscribed,
        notice: result.data.subscribed ? 'subscribed' : 'confirmationSent',
      })
    else console.warn('Newsletter subscribe failed', result)
  }
  setState({ processing: false })
}

export function useSubscription({ id, email }: SubscriptionOwner): SubscriptionState {
  const key = ownerKey({ id, email })
  useEffect(() => {
    void loadSubscription({ id, email })
  }, [id, email])
  const current = useSyncExternalStore(
    (notify) => {
      listeners.add(notify)
      return () => listeners.delete(notify)
    },
    () => state,
  )
  return current.owner === key
    ? current
    : { owner: key, subscribed: false, loaded: false, processing: false, notice: null }
}
