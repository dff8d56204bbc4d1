import type { DataTag } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import type { ApiClient } from './api-client.ts'
import type { ApiFailure } from './query-client.tsx'

/**
 * Every query key of the web's cache (decision 80), in one place. Each key is tagged with the
 * type of its answer, as the typed client (hc<AppType>) reads it from the server's route: the
 * cache's reads and writes by key (getQueryData, setQueryData) are typed by the route itself,
 * and apiQuery (query-client.tsx) refuses a read whose answer is not the key's type.
 *
 * Keys nest, so that a change marks as stale what it changed by a prefix and nothing else:
 * `eventKeys.event(id)` is everything about one event (its page, its door, who has no seat),
 * `eventKeys.lists()` every list of events.
 */

/** What GET answers at a typed-client endpoint (status 200). */
type Get<Endpoint> = Endpoint extends { $get: infer Read }
  ? Read extends (...args: never[]) => unknown
    ? InferResponseType<Read, 200>
    : never
  : never

/** Tags a key with the data stored under it. */
const key =
  <Data>() =>
  <const Key extends readonly unknown[]>(parts: Key) =>
    parts as DataTag<Key, Data, ApiFailure>

type AdminEvents = ApiClient['admin']['events']
type AdminEvent = AdminEvents[':id']
type Admin = ApiClient['admin']
type Account = ApiClient['account']

export const eventKeys = {
  all: ['admin-events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (filter: 'all' | 'klikk' | 'other') =>
    key<Get<AdminEvents>>()([...eventKeys.lists(), filter]),
  /** Everything about one event: the prefix of the keys below. */
  event: (id: string) => [...eventKeys.all, id] as const,
  /** The host's event page: the event, its tables, participants, pairs and rounds. */
  detail: (id: string) => key<Get<AdminEvent>>()([...eventKeys.event(id), 'detail']),
  /** Who is in with no seat while a round runs. */
  unseated: (id: string) =>
    key<Get<AdminEvent['unseated']>>()([...eventKeys.event(id), 'unseated']),
  doorHelpers: (id: string) =>
    key<Get<AdminEvent['door-helpers']>>()([...eventKeys.event(id), 'door-helpers']),
  screenLink: (id: string) =>
    key<Get<AdminEvent['screen-link']>>()([...eventKeys.event(id), 'screen-link']),
  /** The door list (its live stream writes here too). */
  door: (id: string) => key<Get<ApiClient['door'][':id']>>()([...eventKeys.event(id), 'door']),
}

type AdminSeries = ApiClient['admin']['series']

/** The host's series (decision 0088): the list, and one series with its evenings. */
export const seriesKeys = {
  all: ['admin-series'] as const,
  list: () => key<Get<AdminSeries>>()([...seriesKeys.all, 'list']),
  detail: (id: string) => key<Get<AdminSeries[':id']>>()([...seriesKeys.all, id]),
}

export const memberEventKeys = {
  all: ['member-events'] as const,
  /** Her events page: running and coming evenings, with her registration. */
  list: () => key<Get<ApiClient['events']>>()([...memberEventKeys.all, 'list']),
  peopleMet: () => key<Get<ApiClient['events']['people-met']>>()([...memberEventKeys.all, 'met']),
  /** Her klikk after her evenings: picks, matches, contact choice (under her events: the same stream). */
  klikk: () => key<Get<ApiClient['klikk']>>()([...memberEventKeys.all, 'klikk']),
  /** A friend's invitation, as the invited friend sees it (decision 0092). */
  friendInvitation: (id: string) =>
    key<Get<ApiClient['events']['friend-invitations'][':id']>>()([
      ...memberEventKeys.all,
      'friend',
      id,
    ]),
}

/** Better Auth's passkey plugin answers outside the typed client (its own handler): its rows. */
export interface PasskeyRow {
  id: string
  name?: string | null
  createdAt?: string | null
}

export const accountKeys = {
  all: ['account'] as const,
  signInMethods: () => key<Get<Account['sign-in-methods']>>()([...accountKeys.all, 'sign-in']),
  devices: () => key<Get<Account['sessions']>>()([...accountKeys.all, 'devices']),
  passkeys: () => key<PasskeyRow[]>()([...accountKeys.all, 'passkeys']),
}

export const adminKeys = {
  settings: () => key<Get<Admin['settings']>>()(['admin', 'settings']),
  questions: () => key<Get<Admin['questions']>>()(['admin', 'questions']),
  dashboard: (range: string) => key<Get<Admin['dashboard']>>()(['admin', 'dashboard', range]),
  users: () => ['admin', 'users'] as const,
  userPage: (q: string, page: number) =>
    key<Get<Admin['users']>>()([...adminKeys.users(), { q, page }]),
  subscribers: () => ['admin', 'subscribers'] as const,
  subscriberPage: (q: string, status: string, page: number) =>
    key<Get<Admin['newsletter']>>()([...adminKeys.subscribers(), { q, status, page }]),
  /** Addresses the newsletter leaves alone (a bounce, a complaint): lifting one changes both lists. */
  suppressionPage: (q: string, page: number) =>
    key<Get<Admin['newsletter']['suppressions']>>()([
      ...adminKeys.subscribers(),
      'suppressed',
      { q, page },
    ]),
  campaigns: () => key<Get<Admin['newsletter']['campaigns']>>()(['admin', 'campaigns']),
  /** How many an audience holds now (the editor's live count), by its query parameters. */
  audienceCount: (query: Record<string, string>) =>
    key<Get<Admin['newsletter']['campaigns']['audience-count']>>()([
      'admin',
      'campaigns',
      'audience-count',
      query,
    ]),
  /** The welcome series: its e-mails, whether it is on, and how many of each went out. */
  welcome: () => key<Get<Admin['newsletter']['welcome']>>()(['admin', 'welcome']),
}
