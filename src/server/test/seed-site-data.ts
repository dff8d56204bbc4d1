import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { openDatabase, type Database } from '../db/client.ts'
import { user } from '../db/schema/auth.ts'
import { profiles } from '../db/schema/profiles.ts'
import { parseEnv } from '../env.ts'
import { createLogger } from '../logger.ts'
import { createServer } from '../server.ts'
import { browserClient, listen } from './http-client.ts'
import { turnOnTwoStep } from './seed.ts'
import { seedEvening } from './seed-evening.ts'

/**
 * A site with real data in a PGlite DATA_DIR, made through the app's own routes: accounts with
 * password hashes (an admin, two members, one with an accented name), a confirmed and a pending
 * newsletter subscriber (with its token and e-mail in the outbox), an avatar and an event image
 * (bytea), a klikk evening with two tables, a seated round and a keep-apart pair. For the tests
 * of db:move, db:backup and db:restore.
 */

export const SITE_ORIGIN = 'http://localhost:3000'

export interface Person {
  email: string
  password: string
  userCode: string
  /** The admin's authenticator app (two-step sign-in), for her later sign-ins. */
  totpURI?: string
}

export interface SiteData {
  admin: Person
  members: Person[]
  eventId: string
  roundId: string
  /** /api/media/… of the event image and of the first member's avatar, with the bytes' sha256. */
  images: { url: string; sha256: string }[]
}

export const sha256 = (bytes: ArrayBuffer) =>
  createHash('sha256').update(new Uint8Array(bytes)).digest('hex')

/** Runs the app in this process on `dataDir` (it holds the folder meanwhile). */
export async function withSiteOn<T>(
  dataDir: string,
  use: (site: { origin: string; database: Database }) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ dataDir })
  try {
    await database.migrate()
    const env = parseEnv({ PUBLIC_URL: SITE_ORIGIN, MIXER_TIME_MS: '150', TRUST_PROXY: 'true' })
    const server = await createServer({ env, database, logger: createLogger('silent') })
    const http = await listen(server.app.fetch)
    try {
      return await use({ origin: http.origin, database })
    } finally {
      await http.close()
      await server.stop()
    }
  } finally {
    await database.close()
  }
}

type Client = ReturnType<typeof browserClient>

/** Signs up through the real endpoint (a password hash), confirms in the database, signs in. */
export async function signUp(
  origin: string,
  database: Database,
  { name, email, isAdmin = false }: { name: string; email: string; isAdmin?: boolean },
): Promise<{ client: Client; person: Person }> {
  const password = `pw-${email}`
  const client = browserClient(origin)
  const signUp = await client.post('/api/auth/sign-up/email', { name, email, password })
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`)
  await database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email))
  if (isAdmin)
    await database.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.email, email))
  const signIn = await client.post('/api/auth/sign-in/email', { email, password })
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`)
  const totpURI = isAdmin ? (await turnOnTwoStep(client, password)).totpURI : undefined
  const me = (await (await client.get('/api/me')).json()) as { userCode: string }
  return { client, person: { email, password, userCode: me.userCode, totpURI } }
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 83, b: 106 } } })
    .jpeg()
    .toBuffer()

async function upload(origin: string, client: Client, path: string, bytes: Buffer) {
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg')
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    body: form,
    headers: { cookie, origin: SITE_ORIGIN, 'x-forwarded-for': '198.51.100.201' },
  })
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`)
  const body = (await response.json()) as { avatarUrl?: string; imageUrl?: string }
  const url = body.avatarUrl ?? body.imageUrl
  if (!url) throw new Error('upload without a URL')
  return { url, sha256: sha256(await (await fetch(`${origin}${url}`)).arrayBuffer()) }
}

export async function seedSiteData(origin: string, database: Database): Promise<SiteData> {
  const stamp = Date.now()
  const admin = await signUp(origin, database, {
    name: 'Admin Anna',
    email: `admin-${stamp}@example.com`,
    isAdmin: true,
  })
  const members = []
  for (const name of ['Kovács Éva Ő', 'Ines Núñez'])
    members.push(
      await signUp(origin, database, { name, email: `m${members.length}-${stamp}@example.com` }),
    )
  const [eva, ines] = members
  if (!eva || !ines) throw new Error('no members')

  // Newsletter: a member subscribes with one click; a visitor is sent a confirmation (outbox, token).
  const subscribed = await eva.client.post('/api/newsletter/subscribe', {
    email: eva.person.email,
    source: 'account-menu',
  })
  if (!subscribed.ok) throw new Error(`subscribe failed: ${subscribed.status}`)
  const visitor = await browserClient(origin).post('/api/newsletter/subscribe', {
    email: `visitor-${stamp}@example.com`,
    name: 'Látogató',
    source: 'landing',
  })
  if (!visitor.ok) throw new Error(`visitor subscribe failed: ${visitor.status}`)

  const post = async (path: string, body: unknown = {}) => {
    const response = await admin.client.post(path, body)
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return response.json()
  }
  const evening = await seedEvening(post, {
    eventName: 'Klikk — Őszi est',
    tables: [
      { name: 'Rózsa', seats: 2 },
      { name: 'Tulipán', seats: 2 },
    ],
    present: members.map((m) => m.person.userCode),
  })
  if (!evening.roundId) throw new Error('no round')
  const ids = await database.db.select({ id: user.id, email: user.email }).from(user)
  const idOf = (email: string) => ids.find((row) => row.email === email)?.id ?? ''
  await post(`/api/admin/events/${evening.eventId}/keep-apart`, {
    userA: idOf(eva.person.email),
    userB: idOf(ines.person.email),
  })
  const images = [
    await upload(
      origin,
      admin.client,
      `/api/admin/events/${evening.eventId}/image`,
      await photo(1600, 900),
    ),
    await upload(origin, eva.client, '/api/me/avatar', await photo(400, 400)),
  ]
  return {
    admin: admin.person,
    members: members.map((m) => m.person),
    eventId: evening.eventId,
    roundId: evening.roundId,
    images,
  }
}
