import { Agent, request as httpRequest } from 'node:http'
import fc from 'fast-check'
import { strFromU8, unzipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsletterSubscribers } from '../db/schema/newsletter.ts'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'

/*
 * Malformed requests to every route, as a visitor, a member and an admin: none may get a 5xx, a
 * status the API document does not list for its operation (Better Auth's included), an error
 * without `{ code, message }`, or a body that shows a stack trace, SQL or a file path.
 * The routes come from the app itself, so a new route is fuzzed without touching this file.
 * FUZZ_SEED=<n> explores other requests; FUZZ_RUNS=<n> sends more (or fewer) of them;
 * FUZZ_SURVEY=1 lists every problem found instead of stopping at the first.
 */

const server = httpTestApp()
const SEED = Number(process.env.FUZZ_SEED ?? 20261115)
const RUNS = Number(process.env.FUZZ_RUNS ?? 3000)
/** FUZZ_SURVEY=1: list every problem found (one per route and kind) instead of stopping at one. */
const SURVEY = process.env.FUZZ_SURVEY === '1'
const SITE = 'http://localhost:3000'
const agent = new Agent({ keepAlive: true, maxSockets: 4 })
afterAll(() => agent.destroy())

// ---------------------------------------------------------------------------------------------
// Who calls, and the real rows their requests can hit

/** `screen`: no account, only a working big-screen link's key (decision 0066), sent as a bearer token. */
type Role = 'anonymous' | 'member' | 'admin' | 'screen'
interface Identity {
  cookie: string
  email: string
  password: string
  userId: string
  userCode: string
}
const identities: Partial<Record<'member' | 'admin', Identity>> = {}

async function signIn(role: 'member' | 'admin'): Promise<Identity> {
  const seeded = await seedMember(server.harness, server.http.origin, {
    isAdmin: role === 'admin',
  })
  const me = (await (await seeded.client.get('/api/me')).json()) as { userCode: string }
  const cookie = [...seeded.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  return { cookie, email: seeded.email, password: seeded.password, userId: seeded.userId, ...me }
}

/** Ids of rows that exist (at first: the fuzzer may delete them), used for path ids and bodies. */
const real = {
  events: [] as string[],
  /** A series and its evenings (decision 0088). */
  series: [] as string[],
  tables: [] as string[],
  rounds: [] as string[],
  /** Conversation starters (the owner's list; the migration's starting set). */
  questions: [] as string[],
  users: [] as string[],
  media: [] as string[],
  subscribers: [] as string[],
  userCodes: [] as string[],
  /** Keys of a working screen link, for /api/screen/:key and for the `screen` caller. */
  screenKeys: [] as string[],
}

async function seedRows() {
  const admin = identities.admin
  const member = identities.member
  if (!admin || !member) throw new Error('not signed in')
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await send({
      role: 'admin',
      method,
      path,
      headers: { origin: SITE, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status}`)
    return JSON.parse(response.body) as Record<string, unknown>
  }
  for (const name of ['Fuzz evening', 'Fuzz morning']) {
    const event = await call('POST', '/api/admin/events', {
      eventName: name,
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      duration: 120,
    })
    const id = String(event.id)
    real.events.push(id)
    const table = await call('POST', `/api/admin/events/${id}/tables`, {
      tableName: 'Rose',
      capacityFull: 4,
      capacityActual: 4,
    })
    real.tables.push(String(table.id))
    await call('POST', `/api/admin/events/${id}/participants`, { userCode: member.userCode })
    await call('POST', `/api/admin/events/${id}/participants`, { userCode: admin.userCode })
    const round = await call('POST', `/api/admin/events/${id}/rounds`, { durationMinutes: 30 })
    real.rounds.push(String(round.id))
  }
  const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)
  const made = (await call('POST', '/api/admin/series', {
    eventName: 'Fuzz series',
    duration: 120,
    rule: { kind: 'dates', dates: [`${day}T19:00`] },
  })) as { series: { id: string }; evenings: { id: string }[] }
  real.series.push(made.series.id)
  real.events.push(...made.evenings.map((e) => e.id))
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#8E3B52' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'event.png')
  const upload = await fetch(`${server.http.origin}/api/admin/events/${real.events[0]}/image`, {
    method: 'POST',
    body: form,
    headers: { cookie: admin.cookie, origin: SITE },
  })
  const { imageUrl } = (await upload.json()) as { imageUrl: string }
  real.media.push(imageUrl.split('/').pop() ?? '')
  const [subscriber] = await server.harness.database.db
    .insert(newsletterSubscribers)
    .values({ email: 'fuzz-subscriber@example.com', name: 'Fuzz' })
    .returning()
  real.subscribers.push(subscriber?.id ?? '')
  const link = await call('POST', `/api/admin/events/${real.events[1]}/screen-link`)
  real.screenKeys.push(String(link.path).replace('/screen/', ''))
  const { questions } = (await call('GET', '/api/admin/questions')) as {
    questions: { id: string }[]
  }
  real.questions.push(...questions.slice(0, 2).map((question) => question.id))
  real.users.push(member.userId, admin.userId)
  real.userCodes.push(member.userCode, admin.userCode)
}

// ---------------------------------------------------------------------------------------------
// Sending a request exactly as generated (node:http: any method, any path, a body with any verb)

interface FuzzRequest {
  role: Role
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}
interface FuzzResponse {
  status: number
  contentType: string
  body: string
}

let requestNumber = 0

/**
 * The body as text to look for leaks in. A zip (her data download) is read as the text of its
 * files: its compressed bytes, read as text, once held a capital, a colon and a backslash, which
 * looked like a Windows path. An image has no text of ours.
 */
function readableBody(contentType: string, bytes: Buffer): string {
  // A HEAD answer has its headers and no body (a zip's included).
  if (contentType.startsWith('image/') || bytes.length === 0) return ''
  if (contentType.startsWith('application/zip'))
    return Object.values(unzipSync(new Uint8Array(bytes)))
      .map((file) => strFromU8(file))
      .join('\n')
  return bytes.toString('utf8')
}

function send(req: FuzzRequest): Promise<FuzzResponse> {
  const n = ++requestNumber
  const identity = req.role === 'member' || req.role === 'admin' ? identities[req.role] : undefined
  const headers: Record<string, string> = {
    // Each request from its own address, so rate limits count it alone (TRUST_PROXY=true).
    'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    ...(req.role === 'screen' ? { authorization: `Bearer ${real.screenKeys[0] ?? ''}` } : {}),
    ...req.headers,
  }
  const cookie = [identity?.cookie, req.headers.cookie].filter(Boolean).join('; ')
  if (cookie) headers.cookie = cookie
  if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body))
  const url = new URL(server.http.origin)
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { agent, host: url.hostname, port: url.port, method: req.method, path: req.path, headers },
      (incoming) => {
        const contentType = incoming.headers['content-type'] ?? ''
        // A live stream never ends by itself: its headers are the answer.
        if (contentType.startsWith('text/event-stream')) {
          incoming.destroy()
          resolve({ status: incoming.statusCode ?? 0, contentType, body: '' })
          return
        }
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('end', () => {
          // A body that cannot be read fails this request, not the whole run (no hang).
          try {
            resolve({
              status: incoming.statusCode ?? 0,
              contentType,
              body: readableBody(contentType, Buffer.concat(chunks)),
            })
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)))
          }
        })
        incoming.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(req.body)
  })
}

// ---------------------------------------------------------------------------------------------
// What every answer must be

const LEAKS: [string, RegExp][] = [
  ['a stack trace', /^\s{2,}at\s|\n\s+at\s+\S+\s\(|\.ts:\d|node_modules/m],
  [
    'SQL',
    /\bselect\s.+\sfrom\s|\binsert into\b|\bsyntax error\b|\bviolates\b|\brelation "|\bfailed query\b/i,
  ],
  ['a file path', /(?:^|[\s"'(])\/(?:home|root|usr|work|tmp|var|opt|srv)\/|[A-Z]:\\|file:\/\//],
]

/** The API document's operations: what each may answer, by method and path pattern. */
interface DocumentedOperation {
  name: string
  method: string
  pattern: RegExp
  params: number
  statuses: Set<number>
  /** Who may call it (the document's `x-access`). */
  access: string
}
let documented: DocumentedOperation[] = []

async function loadDocument() {
  const response = await fetch(`${server.http.origin}/api/openapi.json`)
  const document = (await response.json()) as {
    paths: Record<
      string,
      Record<string, { responses: Record<string, unknown>; 'x-access'?: string }>
    >
  }
  documented = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      params: path.split('{').length - 1,
      statuses: new Set(Object.keys(operation.responses).map(Number)),
      access: operation['x-access'] ?? 'public',
    })),
  )
}

/**
 * The operation a request reaches, as the router picks it: its method, the most literal path.
 * Not for `.` and `..` segments, which a server or client may resolve first.
 */
function documentedOperation(req: FuzzRequest): DocumentedOperation | undefined {
  const path = req.path.split('?')[0] ?? ''
  if (/\/\.\.?(?:\/|$)/.test(path)) return undefined
  const method = req.method === 'HEAD' ? 'GET' : req.method
  return documented
    .filter((operation) => operation.method === method && operation.pattern.test(path))
    .sort((a, b) => a.params - b.params)[0]
}

function problemWith(req: FuzzRequest, res: FuzzResponse): string | undefined {
  if (res.status >= 500) return `a ${res.status}`
  const operation = documentedOperation(req)
  // 304: the client's cached copy of a documented answer.
  if (operation && res.status !== 304 && !operation.statuses.has(res.status))
    return `status ${res.status}, which the API document does not list for ${operation.name}`
  // A screen link's key opens the big screen and nothing else: every other route refuses it.
  if (req.role === 'screen' && res.status < 400 && operation && operation.access !== 'public')
    return `a screen link's key opened ${operation.name} (${operation.access})`
  // The API's own document and reference page are prose about the API ("Select the account
  // from…", a bundle that names node_modules): only their refusals are checked for leaks.
  const documentation = /^\/api\/(?:openapi\.json|docs)\b/.test(req.path) && res.status < 400
  if (!documentation)
    for (const [what, pattern] of LEAKS) if (pattern.test(res.body)) return `${what} in the body`
  const isJson = /^application\/(?:[\w.+-]+\+)?json/i.test(res.contentType)
  if (res.status >= 400 && isJson && req.method !== 'HEAD') {
    let body: unknown
    try {
      body = JSON.parse(res.body)
    } catch {
      return 'an error body that is not JSON though it says so'
    }
    const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown }
    if (typeof code !== 'string' || !code) return 'an error without a string code'
    if (typeof message !== 'string' || !message) return 'an error without a string message'
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------
// The routes: every method and path the app has, Better Auth's endpoints under /api/auth/*

interface Route {
  method: string
  path: string
}

function appRoutes(): Route[] {
  const found = new Map<string, Route>()
  const add = (method: string, path: string) => found.set(`${method} ${path}`, { method, path })
  for (const { method, path } of server.harness.app.routes) {
    // ALL routes are middleware (and /api's not-found answer, fuzzed below with made-up paths).
    if (method === 'ALL') continue
    if (path === '/api/auth/*') {
      for (const endpoint of Object.values(server.harness.auth.api) as {
        path?: string
        options?: { method?: string | string[] }
      }[]) {
        if (!endpoint.path) continue
        const methods = [endpoint.options?.method ?? 'POST'].flat()
        for (const m of methods) add(m === '*' ? method : m, `/api/auth${endpoint.path}`)
      }
      add(method, '/api/auth/:unknown')
      continue
    }
    add(method, path)
  }
  add('GET', '/api/:unknown')
  add('POST', '/api/:unknown/:unknown2')
  return [...found.values()].sort((a, b) =>
    `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`),
  )
}

// ---------------------------------------------------------------------------------------------
// The generators

/** Lone surrogates become U+FFFD (encodeURIComponent refuses them; a body's UTF-8 would too). */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')

const HEX_AND_DASH = [...'0123456789abcdef-']
const pick = <T>(pool: () => T[]) =>
  fc.nat().map((i) => {
    const items = pool()
    return items.length ? items[i % items.length] : undefined
  })

const withNul = fc
  .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
  .map(([a, b]) => `${a}\u0000${b}`)

/** A text value a client might send where an id, a name or a token belongs. */
const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.uuid() },
  {
    weight: 2,
    arbitrary: fc.string({ unit: fc.constantFrom(...HEX_AND_DASH), minLength: 36, maxLength: 36 }),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 36, maxLength: 36 }) },
  { weight: 1, arbitrary: withNul },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 6000 }).map((n) => 'x'.repeat(n)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      'null',
      'undefined',
      'NaN',
      '1e999',
      'true',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA',
      '{00000000-0000-4000-8000-000000000000}',
      '00000000000040008000000000000000',
      '0000-01-01T00:00:00Z',
      '275760-09-13T00:00:00.000Z',
      '2024-02-30T10:00:00Z',
      "' OR 1=1 --",
      '<script>alert(1)</script>',
      '\u202Eevil',
      '👩‍👩‍👧‍👧',
      '\uFEFF',
      '\uD800',
    ),
  },
)

/** A path segment: a real id, an id-like string, or junk (some of it sent unencoded). */
const pathSegment = fc
  .oneof(
    {
      weight: 3,
      arbitrary: pick(() => [
        ...real.events,
        ...real.series,
        ...real.tables,
        ...real.rounds,
        ...real.questions,
      ]),
    },
    { weight: 2, arbitrary: pick(() => [...real.users, ...real.media, ...real.subscribers]) },
    { weight: 1, arbitrary: pick(() => real.screenKeys) },
    // A welcome e-mail's place in the series (/api/admin/newsletter/welcome/emails/:position).
    { weight: 1, arbitrary: fc.constantFrom('1', '2', '3') },
    { weight: 6, arbitrary: nastyString.map((s) => encodeURIComponent(wellFormed(s))) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2F', '..', '.', '%C0%AE', '%FF'),
    },
  )
  .map((s) => s ?? 'missing')

const queryString = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .dictionary(
        fc.oneof(
          fc.constantFrom('eventId', 'klikk', 'q', 'status', 'page', 'lang', 'key', 'token'),
          fc.constantFrom('callbackURL', 'id', 'error', 'currentURL', 'disableRefresh'),
          fc.string({ maxLength: 10 }),
        ),
        fc.oneof(
          nastyString,
          pick(() => real.events).map((s) => s ?? ''),
          fc.constantFrom('true', 'false', 'pending', 'verified', 'all', 'en', 'de', '99999999'),
        ),
        { maxKeys: 4 },
      )
      .map((query) => {
        const params = new URLSearchParams()
        for (const [k, v] of Object.entries(query)) params.append(k, wellFormed(v))
        return `?${params}`
      }),
  },
  { weight: 1, arbitrary: fc.constantFrom('?%zz=1', '?eventId=%00', '?&&=&', '?page=1&page=2') },
)

const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 3, arbitrary: fc.constant(null) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      -0,
      1e308,
      -1e308,
      2 ** 53 + 2,
      2 ** 31,
      [],
      {},
      [[]],
      { a: null },
    ),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
)

/** Bodies the routes accept (when valid), each with the paths it is for, to be bent out of shape. */
function sampleBodies(): [RegExp, Record<string, unknown>][] {
  const member = identities.member
  return [
    [
      /admin\/events(\/:id)?$/,
      {
        eventName: 'Klikk',
        description: 'Tea',
        startTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        placeName: 'Studio',
        address: 'Fő utca 1.',
        duration: 120,
        isKlikk: true,
        hasRecordingAvailable: false,
        plannedRounds: 3,
      },
    ],
    [
      /admin\/series$/,
      {
        eventName: 'Klikk',
        duration: 120,
        places: 4,
        tables: [{ tableName: 'Lily', capacityFull: 4, capacityActual: 3 }],
        rule: { kind: 'monthly', week: 'last', weekday: 5, time: '19:00' },
      },
    ],
    [
      /evenings\/:eventId$/,
      { scope: 'following', eventName: 'Klikk', duration: 120, places: 6, time: '18:30' },
    ],
    [/series\/unfollow$/, { token: 'bm90LW91cnM.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
    [/tables/, { tableName: 'Lily', capacityFull: 4, capacityActual: 3 }],
    [/klikk\/:id\/feedback$/, { rating: 4, comment: 'Jó volt, jövőre is jövök.' }],
    [/participants$/, { userCode: real.userCodes[0] ?? 'ABCDEF' }],
    [/participants\/:userId$/, { status: 'present' }],
    [/rounds$/, { durationMinutes: 30 }],
    [/seating$/, { action: 'swap', userA: real.users[0], userB: real.users[1] }],
    [/seating$/, { action: 'move', userId: real.users[0], tableId: real.tables[0] }],
    [/\/me$/, { givenName: 'Fuzz', familyName: 'Name' }],
    [
      /sign-up/,
      {
        givenName: 'Fuzz',
        familyName: 'Name',
        email: 'fuzz@example.com',
        password: 'fuzz-password',
      },
    ],
    [/sign-in\/email/, { email: member?.email ?? 'x@example.com', password: 'wrong-password' }],
    [/update-user/, { name: 'Fuzz', image: null }],
    [
      /change-password/,
      {
        currentPassword: 'wrong-password',
        newPassword: 'new-password',
        revokeOtherSessions: false,
      },
    ],
    [/account\/delete/, { method: 'password', email: 'x@example.com', password: 'wrong-password' }],
    // Right for the member: her account goes, and the test signs a new one in.
    [/account\/delete/, { method: 'password', email: member?.email, password: member?.password }],
    [/account\/delete/, { method: 'google' }],
    [/admin-setup|verify|revoke-session$/, { token: 'not-a-token' }],
    [/subscribe/, { email: 'fuzz@example.com', name: 'Fuzz', source: 'landing' }],
    [/\/reset-password$/, { newPassword: 'new-password', token: 'not-a-token' }],
    [
      /request-password-reset/,
      { email: 'fuzz@example.com', redirectTo: `${SITE}/change-password` },
    ],
    [/send-verification-email/, { email: 'fuzz@example.com', callbackURL: '/welcome' }],
    [/social/, { provider: 'google', callbackURL: '/welcome' }],
    [/change-email/, { newEmail: 'other@example.com' }],
    [/delete-user|verify-password/, { password: 'wrong-password' }],
    [/update-session/, { expiresAt: null }],
  ]
}

/** A JSON object: mostly one the route takes, with up to three fields changed, dropped or added. */
function jsonBodyFor(route: Route) {
  return fc
    .tuple(
      fc.boolean(),
      fc.nat(),
      fc.array(
        fc.tuple(
          fc.constantFrom('set', 'set', 'set', 'delete', 'add'),
          fc.nat(),
          weirdValue,
          fc.string(),
        ),
        {
          maxLength: 3,
        },
      ),
    )
    .map(([anyRoute, which, mutations]) => {
      const all = sampleBodies()
      const fitting = all.filter(([paths]) => paths.test(route.path))
      const samples = anyRoute || fitting.length === 0 ? all : fitting
      let body: Record<string, unknown> = { ...samples[which % samples.length]?.[1] }
      for (const [kind, at, value, name] of mutations) {
        const keys = Object.keys(body)
        const key = keys[at % Math.max(1, keys.length)] ?? 'x'
        if (kind === 'set') body[key] = value
        else if (kind === 'delete')
          body = Object.fromEntries(Object.entries(body).filter(([k]) => k !== key))
        else body[name || 'extra'] = value
      }
      return JSON.stringify(body)
    })
}

const rawBody = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'null',
    'true',
    '[]',
    '"text"',
    '1e400',
    '-1e400',
    '{"duration":1e400,"plannedRounds":-1e400}',
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
    '{"name":null}',
    '{"name":"a\\u0000b"}',
    '\uFEFF{"status":"present"}',
    '{"a":1,"a":2}',
    'a=1&b=2',
  ),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc.string({ maxLength: 200 }).map((s) => wellFormed(s)),
  fc
    .tuple(fc.integer({ min: 100, max: 10_000 }), fc.boolean())
    .map(([depth, array]) =>
      array
        ? '['.repeat(depth) + ']'.repeat(depth)
        : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
    ),
  fc.integer({ min: 10_000, max: 70_000 }).map((n) => JSON.stringify({ eventName: 'x'.repeat(n) })),
)

const multipartBody = fc
  .tuple(fc.uint8Array({ maxLength: 300 }), fc.boolean())
  .map(([bytes, broken]) => {
    const part = [
      '------fuzz',
      'Content-Disposition: form-data; name="file"; filename="x.png"',
      'Content-Type: image/png',
      '',
      Buffer.from(bytes).toString('latin1'),
    ].join('\r\n')
    return broken ? part : `${part}\r\n------fuzz--\r\n`
  })

// Methods Node's HTTP parser knows (it drops the connection on others, before the app sees them).
const ODD_METHODS = [
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
]

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'application/xml',
  'image/png',
  'json',
]

/** How fast-check shows a request that failed: all of it, long texts clipped. */
function printable(req: FuzzRequest): FuzzRequest {
  const clip = (text: string) =>
    text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text
  return Object.assign(req, {
    [fc.toStringMethod]: () =>
      JSON.stringify({ ...req, path: clip(req.path), body: req.body && clip(req.body) }),
  })
}

/** `usual`, or once in `oneIn` times something else. */
const usually = <T, U>(usual: T, other: fc.Arbitrary<U>, oneIn = 8): fc.Arbitrary<T | U> =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary: other })

function requestFor(routes: Route[]): fc.Arbitrary<FuzzRequest> {
  return fc
    .constantFrom(...routes)
    .chain((route) =>
      fc.record({
        route: fc.constant(route),
        role: fc.constantFrom<Role>('anonymous', 'member', 'admin', 'screen'),
        otherMethod: usually(undefined, fc.constantFrom(...ODD_METHODS), 5),
        segments: fc.array(pathSegment, { minLength: 3, maxLength: 3 }),
        query: queryString,
        body: fc.oneof(
          { weight: 2, arbitrary: fc.constant(undefined) },
          { weight: 6, arbitrary: jsonBodyFor(route) },
          { weight: 3, arbitrary: rawBody },
          { weight: 1, arbitrary: multipartBody },
        ),
        // Mostly what our own pages send (the app refuses other origins and body types).
        origin: usually(
          SITE,
          fc.constantFrom(undefined, '', 'null', 'http://evil.example', `${SITE}.evil.example`),
        ),
        contentType: usually(undefined, fc.constantFrom<string | null>(null, ...CONTENT_TYPES)),
        language: usually(
          undefined,
          fc.constantFrom('en', 'de', 'es', 'hu', 'xx', 'en;q=foo', '*'),
          2,
        ),
        cookie: usually(
          undefined,
          fc.constantFrom('lang=de', 'lang=en', 'lang=%00', 'better-auth.session_token=junk'),
        ),
        forwardedFor: usually(
          undefined,
          fc.constantFrom('', 'unknown', '1.2.3.4, 5.6.7.8', '::1', 'x'.repeat(300)),
          20,
        ),
      }),
    )
    .map((r) => {
      let index = 0
      const path = r.route.path.replace(
        /:[A-Za-z0-9]+(?:\{[^}]*\})?/g,
        () => r.segments[index++] ?? '',
      )
      const method = r.otherMethod ?? r.route.method
      const hasBody = r.body !== undefined && method !== 'GET' && method !== 'HEAD'
      const headers: Record<string, string> = {}
      if (r.origin !== undefined) headers.origin = r.origin
      if (hasBody) {
        // undefined: the type that fits the body; null: none at all.
        const type =
          r.contentType === undefined
            ? r.body?.startsWith('------fuzz')
              ? 'multipart/form-data; boundary=----fuzz'
              : 'application/json'
            : r.contentType
        if (type !== null) headers['content-type'] = type
      }
      if (r.language !== undefined) headers['accept-language'] = r.language
      if (r.cookie !== undefined) headers.cookie = r.cookie
      if (r.forwardedFor !== undefined) headers['x-forwarded-for'] = r.forwardedFor
      return printable({
        role: r.role,
        method,
        path: `${path}${r.query}`,
        headers,
        ...(hasBody ? { body: r.body } : {}),
      })
    })
}

// ---------------------------------------------------------------------------------------------

/** Whether a signed-in identity still is (a fuzzed request may sign out or delete her). */
async function stillSignedIn(role: 'member' | 'admin'): Promise<boolean> {
  const response = await send({ role, method: 'GET', path: '/api/me', headers: {} })
  if (response.status !== 200) return false
  return role === 'member' || (JSON.parse(response.body) as { isAdmin?: boolean }).isAdmin === true
}

describe('malformed requests', () => {
  beforeAll(async () => {
    identities.member = await signIn('member')
    identities.admin = await signIn('admin')
    await seedRows()
    await loadDocument()
  })

  it(`never get a 5xx, an undocumented status, a leak or an error without { code, message } (${RUNS} requests)`, async () => {
    const routes = appRoutes()
    // Every kind of route is in the list (the enumeration itself works).
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/api/klikkscreen',
        '/api/auth/update-user',
        '/api/admin/events/:id/tables/:tableId',
        '/api/events/:id/registration',
        '/api/media/:id',
      ]),
    )
    // In a survey: each kind of problem once per route, with the first request that showed it.
    const survey = new Map<string, string>()
    const routeOf = (path: string) =>
      routes
        .filter((r) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/?]*')}(?:\\?|$)`).test(path))
        .sort((a, b) => b.path.replace(/:\w+/g, '').length - a.path.replace(/:\w+/g, '').length)[0]
        ?.path ?? path
    const counts = { tooMany: 0, signedIn: 0, unauthorized: 0, signedInAgain: 0, documented: 0 }
    await fc.assert(
      fc.asyncProperty(requestFor(routes), async (req) => {
        const res = await send(req)
        const problem = problemWith(req, res)
        const role = req.role
        const signedIn = role === 'member' || role === 'admin'
        if (res.status === 429) counts.tooMany++
        if (documentedOperation(req)) counts.documented++
        if (signedIn) counts.signedIn++
        if (signedIn && res.status === 401) counts.unauthorized++
        // A change that went through may have signed her out or deleted her: sign in anew.
        if (signedIn && res.status < 400 && !['GET', 'HEAD'].includes(req.method))
          if (!(await stillSignedIn(role))) {
            identities[role] = await signIn(role)
            counts.signedInAgain++
          }
        if (!problem) return
        const report = `${problem}: ${res.status} ${res.contentType}\n${res.body.slice(0, 2000)}`
        if (!SURVEY) throw new Error(report)
        const key = `${problem}, ${req.method} ${routeOf(req.path)}`
        if (!survey.has(key)) survey.set(key, `${fc.stringify(req)}\n  ${report.slice(0, 600)}`)
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: false, verbose: 1 },
    )
    if (SURVEY) console.log([...survey].map(([key, found]) => `${key}\n  ${found}`).join('\n\n'))
    expect([...survey.keys()]).toEqual([])
    if (SURVEY) console.log(counts)
    // The run meant something: rate limits refused few requests, and sessions stayed usable.
    expect(requestNumber).toBeGreaterThanOrEqual(RUNS)
    expect(counts.tooMany).toBeLessThan(RUNS * 0.02)
    expect(counts.unauthorized).toBeLessThan(counts.signedIn * 0.1)
    // Most requests reach an operation of the document, whose statuses their answers are held to.
    expect(counts.documented).toBeGreaterThan(RUNS * 0.5)
  }, 300_000)
})
