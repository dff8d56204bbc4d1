import { expect } from '@playwright/test'

const MAIL_API = `http://127.0.0.1:${process.env.E2E_MAIL_API_PORT ?? 2526}`

interface Mail {
  to: string[]
  subject: string
  text: string
  links: string[]
}

/** The e-mails an address has received so far (as the real SMTP server received them). */
export async function mailsTo(to: string): Promise<Mail[]> {
  return (await (await fetch(`${MAIL_API}/messages?to=${encodeURIComponent(to)}`)).json()) as Mail[]
}

/**
 * Waits for the n-th e-mail to an address (as the real SMTP server received it) and returns it;
 * with `subject`, the n-th of those whose subject contains it; with `linkTo`, of those with a link
 * that starts with it (one test site's, when two sites write to the same address).
 */
export async function waitForMail(
  to: string,
  { count = 1, subject, linkTo }: { count?: number; subject?: string; linkTo?: string } = {},
): Promise<Mail> {
  let mails: Mail[] = []
  await expect
    .poll(
      async () => {
        mails = (await mailsTo(to)).filter(
          (mail) =>
            (subject === undefined || mail.subject.includes(subject)) &&
            (linkTo === undefined || mail.links.some((link) => link.startsWith(linkTo))),
        )
        return mails.length
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count)
  const mail = mails[count - 1]
  if (!mail) throw new Error(`no e-mail number ${count} to ${to}`)
  return mail
}

export const linkIn = (mail: Mail, part: string) => {
  const link = mail.links.find((l) => l.includes(part))
  if (!link) throw new Error(`no ${part} link in "${mail.subject}"`)
  return link
}

let counter = 0
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`
