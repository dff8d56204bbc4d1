import { expect, test } from 'vitest'
import { signUpConfirmed, startBenchSite } from './live-clients.ts'

// The server as production runs it (the bundle): what the bundle loads on demand still comes.
test('the bundled server offers a member a passkey: the WebAuthn package comes when first asked for', async () => {
  const site = await startBenchSite('bundle-passkey')
  try {
    const { session } = await signUpConfirmed(site.origin, site.mail, {
      email: 'passkey.member@example.com',
      password: 'member-secret-1',
      name: 'Kovács Réka',
    })
    const response = await session.call('/api/auth/passkey/generate-register-options?name=Phone')
    const options = (await response.json()) as {
      challenge?: string
      rp?: { id?: string }
      user?: { name?: string }
    }
    expect(options.challenge).toMatch(/^[\w-]{20,}$/)
    expect(options.rp?.id).toBe('localhost')
    expect(options.user?.name).toBe('Phone')

    // Signing in with one asks the same package for its challenge.
    const signIn = await session.call('/api/auth/passkey/generate-authenticate-options')
    expect(((await signIn.json()) as { challenge?: string }).challenge).toMatch(/^[\w-]{20,}$/)
  } finally {
    await site.stop()
  }
}, 120_000)
