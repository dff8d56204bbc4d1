import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { hc } from 'hono/client'
import type { AppType } from '../app.ts'
import { createServerWithHotRead, type HotRead } from '../live/hot-read.ts'
import { httpServerOptions } from '../server.ts'

/**
 * Serves a Hono app on a loopback port, as the real server does (so client addresses exist);
 * with `hotRead`, its answers come first, as in main.ts (live/hot-read.ts).
 */
export async function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  hotRead?: HotRead,
) {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve(
      {
        fetch,
        createServer: hotRead && createServerWithHotRead(hotRead),
        port: 0,
        hostname: '127.0.0.1',
        // A test on a starved machine may pause longer than Node's 5 s keep-alive between two
        // requests; the server then closes the socket just as the client reuses it (ECONNRESET).
        serverOptions: { ...httpServerOptions(60_000), keepAliveTimeout: 65_000 },
      },
      () => resolve(s),
    )
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    // Kept-alive connections (65 s) would hold close() open: end them all.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        if ('closeAllConnections' in server) server.closeAllConnections()
      }),
  }
}

let nextAddress = 1

/**
 * A browser-like client: keeps cookies, sends an Origin, does not follow redirects by itself.
 * Each client comes from its own address (X-Forwarded-For, for a server with TRUST_PROXY=true),
 * so rate limits count per client as they would in real life. The addresses are documentation
 * ranges (RFC 5737) and only ever appear in a header.
 */
export function browserClient(
  origin: string,
  {
    siteOrigin = 'http://localhost:3000',
    language,
  }: { siteOrigin?: string; language?: string } = {},
) {
  const address = `198.51.100.${nextAddress++ % 250}`
  const cookies = new Map<string, string>()
  if (language) cookies.set('lang', language)

  async function request(
    path: string,
    init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
  ) {
    const url = path.startsWith('http')
      ? `${origin}${new URL(path).pathname}${new URL(path).search}`
      : `${origin}${path}`
    const headers: Record<string, string> = {
      origin: siteOrigin,
      'x-forwarded-for': address,
      ...init.headers,
    }
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    if (init.json !== undefined) headers['content-type'] ??= 'application/json'
    return send(url, {
      method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
      // A header given as '' is left out (a request without Origin, say).
      headers: Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== '')),
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    })
  }

  /** Sends with this client's cookies and keeps the ones the answer sets. */
  async function send(url: string | URL | Request, init: RequestInit): Promise<Response> {
    const response = await fetch(url, { ...init, redirect: 'manual' })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (/max-age=0/i.test(line) || value === '') cookies.delete(name)
      else cookies.set(name, value)
    }
    return response
  }

  /**
   * The typed client the web uses (`hc<AppType>`), as this browser: its Origin, address and
   * cookies. Tests read answers with the server's own response types.
   */
  const api = hc<AppType>(`${origin}/api`, {
    fetch: (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers)
      headers.set('origin', siteOrigin)
      headers.set('x-forwarded-for', address)
      if (cookies.size > 0)
        headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '))
      return send(input, { ...init, headers })
    },
  })

  return {
    cookies,
    api,
    request,
    get: (path: string) => request(path),
    post: (path: string, json: unknown = {}) => request(path, { json }),
    /** Follows a link from an e-mail the way a browser would: GET, then one redirect hop. */
    async follow(link: string) {
      const first = await request(link)
      return { response: first, location: first.headers.get('location') }
    },
  }
}
