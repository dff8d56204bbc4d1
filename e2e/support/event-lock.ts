import { mkdirSync, rmSync } from 'node:fs'
import { request } from '@playwright/test'
import { signInAdminThrough } from './admin-account.ts'

/** Only tests holding this lock start events, so "which event is running" is theirs to decide. */
export const EVENT_LOCK = 'test-results/.event-lock'

/**
 * Runs `work` while no other test (in any worker) holds the event lock: one event can be
 * active at a time on the whole test site, and some tests need none to be.
 */
export async function withEventLock<T>(
  work: () => Promise<T>,
  /** Runs before the lock is let go, even after a failure: e.g. end the event the test started. */
  cleanUp: () => Promise<void> = async () => {},
): Promise<T> {
  for (;;) {
    try {
      mkdirSync(EVENT_LOCK, { recursive: false })
      break
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  try {
    // A test that timed out may not have ended its event (its page, and the clean-up's requests,
    // were gone): end it here, so one failure does not fail every test after it.
    await endRunningEventsAsAdmin()
    return await work()
  } finally {
    await cleanUp().catch(() => {})
    rmSync(EVENT_LOCK, { recursive: true, force: true })
  }
}

/** Ends whatever event is running (a test's clean-up, through an admin's API access). */
export async function endRunningEvents(
  request: import('@playwright/test').APIRequestContext,
  baseURL: string | undefined,
) {
  const list = (await (await request.get('/api/admin/events')).json()) as {
    events: { id: string; status: string }[]
  }
  for (const event of list.events.filter((e) => e.status === 'active'))
    await request.post(`/api/admin/events/${event.id}/end`, {
      headers: { origin: new URL(baseURL ?? '').origin },
    })
}

let adminSignIns = 0

/** Ends whatever event runs, through a session of the admin's own (not a test's page). */
async function endRunningEventsAsAdmin() {
  const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`
  const context = await request.newContext({
    baseURL,
    // Its own address each time: sign-ins are limited per address.
    extraHTTPHeaders: {
      origin: baseURL,
      'x-forwarded-for': `198.19.${(process.pid % 250) + 1}.${(++adminSignIns % 250) + 1}`,
    },
  })
  try {
    await signInAdminThrough(context, baseURL)
    await endRunningEvents(context, baseURL)
  } finally {
    await context.dispose()
  }
}
