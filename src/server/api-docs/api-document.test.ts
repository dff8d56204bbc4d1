import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Validator } from '@seriousme/openapi-schema-validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { httpTestApp } from '../test/http-test-app.ts'
import { browserClient } from '../test/http-client.ts'
import { seedMember } from '../test/seed.ts'
import { COMMITTED_DOCUMENT, documentText, generateApiDocument } from './generate-document.ts'

interface Operation {
  summary?: string
  'x-access'?: 'public' | 'member' | 'admin'
  requestBody?: unknown
  responses: Record<string, unknown>
}
interface Document {
  openapi: string
  paths: Record<string, Record<string, Operation>>
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

  it('is the committed docs/api/openapi.json (run `npm run api:document` after changing the API)', async () => {
    const committed = readFileSync(fileURLToPath(COMMITTED_DOCUMENT), 'utf8')
    expect(committed).toBe(generated)
  })

  it('says who may call each route, and the server agrees', async () => {
    const document = await fetchDocument()
    const member = await seedMember(server.harness, server.http.origin)
    const anonymous = browserClient(server.http.origin)
    const wrong: string[] = []
    for (const [path, item] of Object.entries(document.paths)) {
      if (path.startsWith('/api/auth/')) continue
      for (const [method, operation] of Object.entries(item)) {
        const access = operation['x-access'] as string | undefined
        if (!access) {
          wrong.push(`${method} ${path}: no x-access`)
          continue
        }
        if (access === 'public') continue
        // Any well-formed id: who is asking is checked before what is asked for.
        const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')
        const init = { method: method.toUpperCase(), json: operation.requestBody ? {} : undefined }
        const signedOut = await anonymous.request(url, init)
        if (signedOut.status !== 401)
          wrong.push(`${method} ${path} signed out: ${signedOut.status}`)
        if (access === 'admin' || access === 'door') {
          const asMember = await member.client.request(url, init)
          if (asMember.status !== 403)
            wrong.push(`${method} ${path} as a member: ${asMember.status}`)
          await asMember.body?.cancel()
        }
        await signedOut.body?.cancel()
      }
    }
    expect(wrong).toEqual([])
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
