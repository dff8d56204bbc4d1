import { describe, expect, it } from 'vitest'
import { httpTestApp } from '../test/http-test-app.ts'
import { seedMember } from '../test/seed.ts'

const SECRETS = {
  SMTP_URL: 'smtp://mailer:smtp-password-123@mail.example.com:587',
  BETTER_AUTH_SECRET: 'a-very-secret-value-of-at-least-32-chars',
  GOOGLE_CLIENT_ID: 'client-id',
  GOOGLE_CLIENT_SECRET: 'google-secret-456',
  ADMIN_EMAILS: 'a@example.com,b@example.com',
}
const server = httpTestApp(SECRETS)

describe('GET /api/admin/settings', () => {
  it('shows the operator how the server is set up, and never a secret', async () => {
    const admin = await seedMember(server.harness, server.http.origin, { isAdmin: true })
    const response = await admin.client.get('/api/admin/settings')
    const text = await response.text()
    expect(JSON.parse(text)).toMatchObject({
      operator: {
        publicUrl: 'http://localhost:3000',
        email: { mode: 'smtp', host: 'mail.example.com' },
        googleSignIn: true,
        adminEmails: 2,
        mixerTimeMs: 150,
        lockedSettings: [],
      },
    })
    for (const secret of [
      'smtp-password-123',
      'mailer',
      SECRETS.BETTER_AUTH_SECRET,
      'google-secret-456',
    ])
      expect(text).not.toContain(secret)
  })
})
