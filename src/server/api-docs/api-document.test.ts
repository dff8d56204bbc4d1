import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Validator } from '@seriousme/openapi-schema-validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { httpTestApp } from '../test/http-test-app.ts'
import { browserClient } from '../test/http-client.ts'
import { seedMember } from '../test/seed.ts'
import { COMMITTED_DOCUMENT, documentText, generateApiDocument } from './generate-document.ts'

type Schema = Record<string, unknown>
interface Operation {
  summary?: string
  'x-access'?: 'public' | 'member' | 'admin'
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
  responses: Record<string, unknown>
}
interface Document {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Schema> }
}

const server = httpTestApp()
// Built before any request: a test that spends seconds between two requests can find its kept-alive
// connection closed by the server (ECONNRESET) on a loaded machine.
let generated = ''
beforeAll(async () => {
  generated = documentText(await generateApiDocument())
})
const fetchDocument = async () =>
  (await (await fetch(`${server.http.origin}/api/openapi.json`)).json()) as Document

/**
 * A value its schema accepts, made up from the schema alone (required fields only): what a visitor
 * sends to reach an endpoint's session check, which Better Auth makes after validating the input.
 */
function sampleOf(schema: Schema | undefined, document: Document, name = ''): unknown {
  if (!schema) return undefined
  const ref = schema.$ref
  if (typeof ref === 'string')
    return sampleOf(document.components.schemas[ref.split('/').pop() ?? ''], document, name)
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (variants?.[0]) return sampleOf(variants[0], document, name)
  if (Array.isArray(schema.enum)) return schema.enum[0]
  const type = [schema.type].flat().find((t) => t !== 'null')
  if (type === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, Schema>
    const required = (schema.required ?? []) as string[]
    return Object.fromEntries(
      required.map((key) => [key, sampleOf(properties[key], document, key)]),
    )
  }
  if (type === 'array') return []
  if (type === 'boolean') return false
  if (type === 'number' || type === 'integer') return 1
  if (/email/i.test(name) || schema.format === 'email') return 'visitor@example.com'
  if (/url/i.test(name) || schema.format === 'uri') return '/'
  return 'visitor-sample-1'
}

/** Hono's `:id` and `:name{regex}` as OpenAPI's `{id}`. */
const openApiPath = (path: string) =>
  path.replace(/:([A-Za-z_]+)(?:\{[^}]*\})?/g, (_, name: string) => `{${name}}`)

describe('the API document (/api/openapi.json)', () => {
  it('describes every /api route the app has, with a summary and its answer', async () => {
    const document = await fetchDocument()
    const missing = new Set<string>()
    for (const { method, path } of server.harness.app.routes) {
      // ALL entries are middleware and the not-found answer; /api/auth/* is Better Auth's, below.
      if (method === 'ALL' || !path.startsWith('/api/') || path === '/api/auth/*') continue
      const operation = document.paths[openApiPath(path)]?.[method.toLowerCase()]
      const answers = Object.keys(operation?.responses ?? {}).filter((s) => s.startsWith('2'))
      if (!operation?.summary || answers.length === 0) missing.add(`${method} ${path}`)
    }
    expect([...missing]).toEqual([])
  })

  it("includes Better Auth's endpoints under /api/auth, with our error shape", async () => {
    const document = await fetchDocument()
    for (const path of [
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
      '/api/auth/sign-in/social',
      '/api/auth/sign-out',
    ])
      expect(
        document.paths[path]?.post?.responses['401'] ?? document.paths[path]?.post,
      ).toBeTruthy()
    expect(document.paths['/api/auth/sign-in/email']?.post?.responses['401']).toEqual({
      $ref: '#/components/responses/Error401',
    })
    // Turned off in our configuration: not documented.
    expect(Object.keys(document.paths).filter((p) => /delete-user|open-api/.test(p))).toEqual([])
  })

  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await fetchDocument()
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate(
      document as unknown as Parameters<Validator['validate']>[0],
    )
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it("passes Redocly's recommended rules (redocly.yaml) without an error", () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url))
    const file = join(mkdtempSync(join(tmpdir(), 'api-lint-')), 'openapi.json')
    writeFileSync(file, generated)
    const args = [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', file]
    let output: string
    try {
      output = execFileSync(
        process.execPath,
        [...args, `--config=${join(root, 'redocly.yaml')}`, '--format=json'],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      )
    } catch (failed) {
      // It exits with 1 when it finds an error; its report is on stdout all the same.
      output = (failed as { stdout: string }).stdout
    }
    const { problems } = JSON.parse(output) as {
      problems: {
        ruleId: string
        severity: string
        message: string
        location: { pointer: string }[]
      }[]
    }
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`)
    expect(errors).toEqual([])
  })

  it('is the committed docs/api/openapi.json (run `npm run api:document` after changing the API)', async () => {
    const committed = readFileSync(fileURLToPath(COMMITTED_DOCUMENT), 'utf8')
    expect(committed).toBe(generated)
  })

  it("says who may call each route, Better Auth's too, and the server agrees", async () => {
    const document = await fetchDocument()
    const member = await seedMember(server.harness, server.http.origin)
    const anonymous = browserClient(server.http.origin)
    const wrong: string[] = []
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const access = operation['x-access'] as string | undefined
        if (!access) {
          wrong.push(`${method} ${path}: no x-access`)
          continue
        }
        // Ours check who is asking before anything else: any well-formed id and body will do.
        // Better Auth validates the input first, so its operations get an input their schema
        // accepts, public ones too (none may refuse a visitor for having no session).
        const isAuth = path.startsWith('/api/auth/')
        if (access === 'public' && !isAuth) continue
        const query = new URLSearchParams()
        for (const parameter of operation.parameters ?? [])
          if (parameter.in === 'query' && parameter.required && isAuth)
            query.set(parameter.name, String(sampleOf(parameter.schema, document, parameter.name)))
        const url = `${path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}${query.size ? `?${query}` : ''}`
        let json: unknown
        if (operation.requestBody) {
          const schema = operation.requestBody.content?.['application/json']?.schema
          json = isAuth ? (sampleOf(schema, document) ?? {}) : {}
        }
        const init = { method: method.toUpperCase(), json }
        const signedOut = await anonymous.request(url, init)
        const answer = (await signedOut.json().catch(() => ({}))) as { code?: string }
        const refusedForNoSession =
          signedOut.status === 401 && /^unauthorized$/i.test(answer.code ?? '')
        if (access === 'public' && refusedForNoSession)
          wrong.push(`${method} ${path} is public, but refuses a visitor: 401 ${answer.code}`)
        if (access !== 'public' && !refusedForNoSession)
          wrong.push(`${method} ${path} signed out: ${signedOut.status} ${answer.code}`)
        if (access === 'admin' || access === 'door') {
          const asMember = await member.client.request(url, init)
          if (asMember.status !== 403)
            wrong.push(`${method} ${path} as a member: ${asMember.status}`)
          await asMember.body?.cancel()
        }
      }
    }
    expect(wrong).toEqual([])
  })
})

describe('where the document and the server could disagree', () => {
  it('refuses a visitor with 401 before reading her input, for the operations that need a session', async () => {
    const anonymous = browserClient(server.http.origin)
    const calls = [
      anonymous.request('/api/auth/account-info', { method: 'GET' }),
      anonymous.request('/api/auth/refresh-token', { method: 'POST', json: {} }),
      anonymous.request('/api/auth/get-access-token', { method: 'POST', json: {} }),
    ]
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(401)
      expect(await answer.json()).toMatchObject({ code: 'unauthorized' })
    }
  })

  it('lists the 404 of a callback whose provider id is a dot segment, and gives it', async () => {
    const document = await fetchDocument()
    const callback = document.paths['/api/auth/callback/{id}']
    expect(Object.keys(callback?.post?.responses ?? {})).toContain('404')
    expect(Object.keys(callback?.get?.responses ?? {})).toContain('404')
    const anonymous = browserClient(server.http.origin)
    for (const method of ['GET', 'POST']) {
      const answer = await anonymous.request('/api/auth/callback/%2e%2e', {
        method,
        ...(method === 'POST' ? { json: {} } : {}),
      })
      expect(answer.status).toBe(404)
      expect(await answer.json()).toMatchObject({ code: 'not_found' })
    }
  })

  it('leaves out reading the session by POST, which never succeeds, and answers it 405 with Allow: GET', async () => {
    const document = await fetchDocument()
    expect(Object.keys(document.paths['/api/auth/get-session'] ?? {})).toEqual(['get'])
    const answer = await browserClient(server.http.origin).request('/api/auth/get-session', {
      method: 'POST',
      json: {},
    })
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('GET')
    expect(await answer.json()).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
    })
  })
})

describe('the reference page (/api/docs)', () => {
  it("is served within the site's CSP: our own scripts, no inline script", async () => {
    const page = await fetch(`${server.http.origin}/api/docs`)
    expect(page.status).toBe(200)
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    const html = await page.text()
    const scripts = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)]
    expect(scripts.length).toBe(2)
    for (const [, attributes, body] of scripts) {
      expect(body?.trim()).toBe('')
      const src = /src="([^"]+)"/.exec(attributes ?? '')?.[1] ?? ''
      expect(src).toMatch(/^\/api\/docs\//)
      const script = await fetch(`${server.http.origin}${src}`, {
        headers: { 'accept-encoding': 'br' },
      })
      expect(script.status).toBe(200)
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
      expect((await script.text()).length).toBeGreaterThan(100)
    }
  })

  it('loads Scalar and points it at the document', async () => {
    const start = await (await fetch(`${server.http.origin}/api/docs/start.js`)).text()
    expect(start).toContain("url: '/api/openapi.json'")
    const bundle = await fetch(`${server.http.origin}/api/docs/scalar.js`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(bundle.headers.get('content-encoding')).toBe('gzip')
    const etag = bundle.headers.get('etag') ?? ''
    await bundle.body?.cancel()
    const again = await fetch(`${server.http.origin}/api/docs/scalar.js`, {
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
  })
})
