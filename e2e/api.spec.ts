import { expect, test } from './support/fixtures.ts'
import { signUpAndVerify } from './support/accounts.ts'
import { texts } from './support/locales.ts'
import { uniqueEmail } from './support/mailbox.ts'

const accountTexts = texts('hu', 'account')
let appAddress = 0

test('the API reference shows every part of the API within the CSP', async ({ page }) => {
  const blocked: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) blocked.push(message.text())
  })
  await page.goto('/api/docs')
  await expect(page.getByRole('heading', { name: 'Lendület API', level: 1 })).toBeVisible({
    timeout: 15_000,
  })
  await expect(
    page.getByRole('button', { name: 'Download OpenAPI Document' }).first(),
  ).toBeVisible()
  // The sections an app developer needs, in the sidebar (the phone's is behind its menu).
  if ((page.viewportSize()?.width ?? 0) >= 1000)
    for (const section of ['Account', 'Newsletter', 'Events', 'Live'])
      await expect(page.getByRole('link', { name: section, exact: true })).toBeVisible()
  expect(blocked).toEqual([])
})

test('the account page lists her phone and signs it out at once; one button signs out every other device', async ({
  page,
  baseURL,
  checkA11y,
}) => {
  const email = uniqueEmail('devices')
  const password = 'titok123'
  await signUpAndVerify(page, email, { password })

  // Her phone signs in through the API, as the app does: no cookies, a bearer token.
  const headers = {
    'user-agent': 'Lendulet/1.0 (iPhone; iOS 18.1)',
    'x-forwarded-for': `192.0.2.${((process.pid * 3 + ++appAddress) % 200) + 20}`,
    'content-type': 'application/json',
  }
  const signIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  })
  expect(signIn.ok).toBe(true)
  const phone = { ...headers, authorization: `Bearer ${signIn.headers.get('set-auth-token')}` }
  const me = () => fetch(`${baseURL}/api/me`, { headers: phone }).then((r) => r.status)
  expect(await me()).toBe(200)

  await page.goto('/account')
  const devices = page.getByRole('region', { name: accountTexts.account.devicesTitle })
  await expect(devices.getByRole('listitem')).toHaveCount(2)
  const phoneRow = devices.getByRole('listitem').filter({ hasText: 'iPhone' })
  await expect(phoneRow).toContainText(accountTexts.account.deviceAppOn.replace('{{os}}', 'iPhone'))
  await expect(devices.getByText(accountTexts.account.thisDevice)).toBeVisible()
  await checkA11y()

  await phoneRow.getByRole('button', { name: accountTexts.account.signOutDevice }).click()
  await expect(devices.getByRole('status')).toContainText(
    accountTexts.account.deviceSignedOut.replace(
      '{{device}}',
      accountTexts.account.deviceAppOn.replace('{{os}}', 'iPhone'),
    ),
  )
  await expect(devices.getByRole('listitem')).toHaveCount(1)
  expect(await me()).toBe(401)

  // Her phone and a tablet sign in again; one button signs out both, and this browser stays.
  const tokens: string[] = []
  for (const device of ['iPhone; iOS 18.1', 'iPad; iPadOS 18.1']) {
    const again = await fetch(`${baseURL}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { ...headers, 'user-agent': `Lendulet/1.0 (${device})` },
      body: JSON.stringify({ email, password }),
    })
    expect(again.ok).toBe(true)
    tokens.push(again.headers.get('set-auth-token') ?? '')
  }
  await page.reload()
  await expect(devices.getByRole('listitem')).toHaveCount(3)
  await devices.getByRole('button', { name: accountTexts.account.signOutOthers }).click()
  await expect(devices.getByRole('status')).toHaveText(
    accountTexts.account.othersSignedOut_other.replace('{{count}}', '2'),
  )
  await expect(devices.getByRole('status')).toBeFocused()
  await expect(devices.getByRole('listitem')).toHaveCount(1)
  await expect(
    devices.getByRole('button', { name: accountTexts.account.signOutOthers }),
  ).toHaveCount(0)
  for (const token of tokens) {
    const status = await fetch(`${baseURL}/api/me`, {
      headers: { ...headers, authorization: `Bearer ${token}` },
    }).then((r) => r.status)
    expect(status).toBe(401)
  }
  await checkA11y()
})
