import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isScreenPath, isSignInCallback } from './site-paths.ts'

/** The paths the web app's routers name, with a sample value for each parameter. */
function routedPaths(): string[] {
  return ['../web/router.tsx', '../web/routes/admin-area.tsx'].flatMap((file) =>
    [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/<Route path="([^"]+)"/g)]
      .map((match) => match[1] ?? '')
      .map((path) => path.replace(/:\w+/g, '42').replace(/\/\*$/, '/anything')),
  )
}

describe('site paths', () => {
  it('knows every screen the web app routes to', () => {
    const paths = routedPaths()
    expect(paths.length).toBeGreaterThan(25)
    for (const path of paths) expect(isScreenPath(path), path).toBe(true)
  })

  it('knows no other address', () => {
    for (const path of ['/logn', '/newsletter', '/event', '/admins', '/pages/landing.hu.html', ''])
      expect(isScreenPath(path), path).toBe(false)
  })

  it('tells a sign-in callback by what its link brings, in the query or the hash', () => {
    expect(isSignInCallback('?type=signup')).toBe(true)
    expect(isSignInCallback('?error=INVALID_TOKEN')).toBe(true)
    expect(isSignInCallback('next=%2Fevents')).toBe(true)
    expect(isSignInCallback('', '#access_token=a&refresh_token=b&type=recovery')).toBe(true)
    expect(isSignInCallback('?lang=en')).toBe(false)
    expect(isSignInCallback('', '#main')).toBe(false)
    expect(isSignInCallback('')).toBe(false)
  })
})
