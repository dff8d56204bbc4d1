import { describe, expect, it } from 'vitest'
import { RETURN_PATH_MAX_LENGTH, safeReturnPath, withReturnPath } from './return-path.ts'

describe('safeReturnPath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeReturnPath('/events')).toBe('/events')
    expect(safeReturnPath('/events?x=1#y')).toBe('/events?x=1#y')
    expect(safeReturnPath('/admin/events/3f2a')).toBe('/admin/events/3f2a')
    expect(safeReturnPath('/')).toBe('/')
  })

  it('takes what URLSearchParams decoded from the address', () => {
    expect(safeReturnPath(new URLSearchParams('next=%2Fevents%3Fx%3D1').get('next'))).toBe(
      '/events?x=1',
    )
  })

  it('refuses another site', () => {
    expect(safeReturnPath('//evil.example')).toBeNull()
    expect(safeReturnPath('//evil.example/events')).toBeNull()
    expect(safeReturnPath('/\\evil.example')).toBeNull()
    expect(safeReturnPath('https://evil.example')).toBeNull()
    expect(safeReturnPath('http:evil.example')).toBeNull()
    expect(safeReturnPath('evil.example')).toBeNull()
  })

  it('refuses scripts and other schemes', () => {
    expect(safeReturnPath('javascript:alert(1)')).toBeNull()
    expect(safeReturnPath('data:text/html,<script>alert(1)</script>')).toBeNull()
  })

  it('refuses another site once decoded', () => {
    expect(safeReturnPath('%2F%2Fevil.example')).toBeNull()
    expect(safeReturnPath(decodeURIComponent('%2F%2Fevil.example'))).toBeNull()
    expect(safeReturnPath(new URLSearchParams('next=%2F%2Fevil.example').get('next'))).toBeNull()
    expect(safeReturnPath('/%2F%2Fevil.example')).toBeNull()
    expect(safeReturnPath('/%2Fevil.example')).toBeNull()
    expect(safeReturnPath('/%5Cevil.example')).toBeNull()
    expect(safeReturnPath('/%5cevil.example')).toBeNull()
  })

  it('refuses backslashes and control characters, raw or encoded', () => {
    expect(safeReturnPath('/%0d%0aSet-Cookie')).toBeNull()
    expect(safeReturnPath('/%0D%0ASet-Cookie:%20a=b')).toBeNull()
    expect(safeReturnPath('/\r\nSet-Cookie')).toBeNull()
    expect(safeReturnPath('/\t/evil.example')).toBeNull()
    expect(safeReturnPath('/events\\x')).toBeNull()
    expect(safeReturnPath('/%00')).toBeNull()
  })

  it('refuses what cannot be decoded', () => {
    expect(safeReturnPath('/events%')).toBeNull()
    expect(safeReturnPath('/%E0%A4%A')).toBeNull()
  })

  it('refuses nothing at all', () => {
    expect(safeReturnPath('')).toBeNull()
    expect(safeReturnPath(null)).toBeNull()
    expect(safeReturnPath(undefined)).toBeNull()
  })

  it('refuses a very long value', () => {
    const longest = `/${'a'.repeat(RETURN_PATH_MAX_LENGTH - 1)}`
    expect(safeReturnPath(longest)).toBe(longest)
    expect(safeReturnPath(`${longest}a`)).toBeNull()
    expect(safeReturnPath(`/${'a'.repeat(100_000)}`)).toBeNull()
  })
})

describe('withReturnPath', () => {
  it('adds the page to the query, encoded', () => {
    expect(withReturnPath('/login', '/events')).toBe('/login?next=%2Fevents')
    expect(withReturnPath('/auth/callback?type=signup', '/events?x=1#y')).toBe(
      '/auth/callback?type=signup&next=%2Fevents%3Fx%3D1%23y',
    )
  })

  it('leaves the path alone without a page', () => {
    expect(withReturnPath('/login', null)).toBe('/login')
    expect(withReturnPath('/login', '')).toBe('/login')
  })

  it('round-trips through the query', () => {
    const next = '/admin/events/1?tab=door#top'
    const address = new URL(withReturnPath('/login', next), 'https://lendulet.invalid')
    expect(safeReturnPath(address.searchParams.get('next'))).toBe(next)
  })
})
