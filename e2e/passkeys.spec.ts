import { expect, test } from './support/fixtures.ts'
import { texts } from './support/locales.ts'
import { signUpAndVerify } from './support/accounts.ts'
import { uniqueEmail } from './support/mailbox.ts'
import { atWidth } from './support/widths.ts'

atWidth('phone', 'she keeps her passkey on her phone')

const auth = texts('hu', 'auth')
const errors = texts('hu', 'errors')

// WebAuthn names a site by its domain, never by an address: this site is reached as localhost.
test.use({ baseURL: `http://localhost:${process.env.E2E_PASSKEY_PORT ?? 4175}` })

test('a member adds a passkey, signs in with it, a replayed answer is refused, and she removes it', async ({
  page,
  checkA11y,
}) => {
  // Chromium's virtual authenticator: a platform authenticator that says yes to every prompt.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })

  await signUpAndVerify(page, uniqueEmail('passkey'))
  await page.goto('/account')
  const card = page.getByRole('region', { name: auth.passkeys.title })
  await expect(card.getByText(auth.passkeys.empty)).toBeVisible()
  await card.getByLabel(auth.passkeys.nameLabel).fill('Telefonom')
  await card.getByRole('button', { name: auth.passkeys.add }).click()
  await expect(card.getByRole('status')).toHaveText(auth.passkeys.added)
  await expect(card.getByTestId('passkeys')).toContainText('Telefonom')
  await checkA11y()

  // Signed out, she signs in with the passkey alone.
  await page.context().clearCookies()
  await page.goto('/login')
  const answer = page.waitForRequest((request) =>
    request.url().endsWith('/api/auth/passkey/verify-authentication'),
  )
  await page.getByRole('button', { name: auth.passkeys.signIn }).click()
  await expect(page).toHaveURL(/\/home$/)

  // The same signed answer sent again is refused: its challenge was used up.
  const sent = await answer
  const replay = await page.request.post('/api/auth/passkey/verify-authentication', {
    data: sent.postDataJSON() as unknown,
    headers: { cookie: (await sent.allHeaders()).cookie ?? '', origin: new URL(page.url()).origin },
  })
  expect(replay.status()).toBe(400)
  expect(await replay.json()).toEqual({
    code: 'CHALLENGE_NOT_FOUND',
    message: errors.auth.CHALLENGE_NOT_FOUND,
  })

  await page.goto('/account')
  // Removing asks first, and "keep it" keeps it.
  await card.getByRole('button', { name: auth.passkeys.remove }).click()
  const question = page.getByRole('dialog', {
    name: auth.passkeys.removeQuestion.replace('{{name}}', 'Telefonom'),
  })
  await question.getByRole('button', { name: auth.passkeys.keep }).click()
  await expect(question).toBeHidden()
  await expect(card.getByText('Telefonom', { exact: true })).toBeVisible()
  await card.getByRole('button', { name: auth.passkeys.remove }).click()
  await question.getByRole('button', { name: auth.passkeys.remove }).click()
  await expect(card.getByRole('status')).toHaveText(
    auth.passkeys.removed.replace('{{name}}', 'Telefonom'),
  )
  await expect(card.getByText(auth.passkeys.empty)).toBeVisible()
})
