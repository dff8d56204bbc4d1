import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { media } from '../db/schema/media.ts'
import { seedMember } from '../test/seed.ts'
import { httpTestApp } from '../test/http-test-app.ts'

const server = httpTestApp()

/** A real photo-sized JPEG, made on the spot. */
const photo = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 83, b: 106 } } })
    .jpeg()
    .toBuffer()

async function upload(
  client: Awaited<ReturnType<typeof seedMember>>['client'],
  bytes: Buffer,
  name = 'me.jpg',
  type = 'image/jpeg',
) {
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name)
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  return fetch(`${server.http.origin}/api/me/avatar`, {
    method: 'POST',
    body: form,
    headers: { cookie, origin: 'http://localhost:3000', 'x-forwarded-for': '198.51.100.200' },
  })
}

describe('avatars', () => {
  it('are resized to 256×256 WebP, stored, served with long caching, and replace the old one', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    const first = await upload(member.client, await photo())
    expect(first.status).toBe(200)
    const { avatarUrl } = (await first.json()) as { avatarUrl: string }
    expect(avatarUrl).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/)
    expect((await (await member.client.get('/api/me')).json()).avatarUrl).toBe(avatarUrl)

    const served = await fetch(`${server.http.origin}${avatarUrl}`)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(served.headers.get('cache-control')).toContain('immutable')
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })

    const second = await upload(member.client, await photo(500, 900))
    const { avatarUrl: next } = (await second.json()) as { avatarUrl: string }
    expect(next).not.toBe(avatarUrl)
    expect((await fetch(`${server.http.origin}${avatarUrl}`)).status).toBe(404)
    const rows = await server.harness.database.db
      .select({ id: media.id })
      .from(media)
      .where(eq(media.ownerId, member.userId))
    expect(rows).toHaveLength(1)

    expect((await member.client.request('/api/me/avatar', { method: 'DELETE' })).status).toBe(200)
    expect((await (await member.client.get('/api/me')).json()).avatarUrl).toBeNull()
  })

  it('refuse what is not an image, whatever its name says', async () => {
    const member = await seedMember(server.harness, server.http.origin, { language: 'en' })
    const response = await upload(member.client, Buffer.from('not really a picture'), 'cat.jpg')
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      code: 'invalid_image',
      message: 'Please choose a JPEG, PNG or WebP image of up to 5 MB.',
    })
  })

  it('go with the account when it is deleted', async () => {
    const member = await seedMember(server.harness, server.http.origin)
    await upload(member.client, await photo())
    await member.client.post('/api/account/delete', {
      method: 'password',
      email: member.email,
      password: member.password,
    })
    const rows = await server.harness.database.db
      .select({ id: media.id })
      .from(media)
      .where(eq(media.ownerId, member.userId))
    expect(rows).toHaveLength(0)
  })
})
