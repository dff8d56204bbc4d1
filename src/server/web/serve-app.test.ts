import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_CONFIG_ELEMENT_ID } from '#shared/public-config.ts'
import { createTestApp } from '../test/test-app.ts'

const template =
  '<!doctype html><html lang="hu"><head><!--app-config--></head><body><div id="root"></div></body></html>'

describe('serving the web app', () => {
  let distDir: string
  let harness: Awaited<ReturnType<typeof createTestApp>>

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'dist-'))
    writeFileSync(join(distDir, 'index.html'), template)
    mkdirSync(join(distDir, 'assets'))
    writeFileSync(join(distDir, 'assets', 'main-abc123.js'), 'console.log(1)')
    writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    writeFileSync(join(distDir, 'door-sw.js'), 'self.addEventListener("fetch", () => {})')
    for (const language of ['hu', 'en'])
      writeFileSync(
        join(distDir, `manifest.${language}.webmanifest`),
        JSON.stringify({ name: 'Lendület – site', short_name: 'Lendület', id: '/', scope: '/' }),
      )
    harness = await createTestApp({ distDir })
  })
  afterAll(async () => {
    await harness.close()
    rmSync(distDir, { recursive: true, force: true })
  })

  it('answers client routes with the app, in Hungarian by default, with the public config', async () => {
    for (const path of [
      '/',
      '/landing',
      '/home',
      '/welcome',
      '/privacy-policy',
      '/account',
      // With no page for it in the build, an unknown address still gets the app (which says "not
      // found"), with the status that says so.
      '/some/other/path',
    ]) {
      const response = await harness.app.request(path, { headers: { 'accept-language': 'en-US' } })
      expect(response.status, path).toBe(path === '/some/other/path' ? 404 : 200)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      const html = await response.text()
      expect(html).toContain('<html lang="hu"')
      const json = html.match(
        new RegExp(
          `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`,
        ),
      )?.[1]
      expect(JSON.parse(json ?? 'null')).toEqual(harness.publicConfig())
    }
  })

  it('sets <html lang> from ?lang= and from the remembered cookie', async () => {
    expect(await (await harness.app.request('/?lang=de')).text()).toContain('<html lang="de"')
    const remembered = await harness.app.request('/privacy-policy', {
      headers: { cookie: 'lang=es' },
    })
    expect(await remembered.text()).toContain('<html lang="es"')
    expect(await (await harness.app.request('/?lang=fr')).text()).toContain('<html lang="hu"')
  })

  it('caches hashed assets for a year and other files for an hour', async () => {
    const asset = await harness.app.request('/assets/main-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    const icon = await harness.app.request('/favicon.svg')
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600')
  })

  it("serves the door's service worker as a script always checked for a new build, under the site's content security policy", async () => {
    const worker = await harness.app.request('/door-sw.js')
    expect(worker.status).toBe(200)
    expect(worker.headers.get('content-type')).toMatch(/^(text|application)\/javascript/)
    expect(worker.headers.get('cache-control')).toBe('no-cache')
    expect(worker.headers.get('content-security-policy')).toContain("default-src 'self'")
    // It is registered with a narrower scope than its own folder: no header widens it.
    expect(worker.headers.get('service-worker-allowed')).toBeNull()
  })

  it("gives each event's door a manifest of its own, scoped to that door, in her language", async () => {
    const id = '0b9c3f4e-8d2a-4c1b-9f3e-2a7d5c6b8e91'
    const response = await harness.app.request(`/door.webmanifest?event=${id}&lang=en`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/manifest+json')
    expect(await response.json()).toEqual({
      name: 'Door – Lendület',
      short_name: 'Door',
      id: `/admin/events/${id}/door`,
      start_url: `/admin/events/${id}/door`,
      scope: `/admin/events/${id}/door`,
    })
    const hu = (await (await harness.app.request(`/door.webmanifest?event=${id}`)).json()) as {
      short_name: string
    }
    expect(hu.short_name).toBe('Beléptetés')
    for (const bad of ['', '../admin', `${id}/../x`])
      expect((await harness.app.request(`/door.webmanifest?event=${bad}`)).status).toBe(404)
  })

  it('keeps /api paths out of the app fallback', async () => {
    const response = await harness.app.request('/api/unknown')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toContain('application/json')
  })
})

describe('security headers', () => {
  it("come with every answer, with a content security policy without 'unsafe-inline' scripts", async () => {
    const harness = await createTestApp()
    try {
      const response = await harness.app.request('/api/health')
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(csp).toContain("frame-ancestors 'self'")
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    } finally {
      await harness.close()
    }
  })
})
