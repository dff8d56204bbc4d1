import { Hono } from 'hono'
import { html, raw } from 'hono/html'
import type { Db } from '../db/client.ts'
import type { AppEnv } from '../http/app-env.ts'
import { devMailboxEmails } from './queries/dev-mailbox-emails.ts'

/** How many e-mails the page lists, newest first. */
const SHOWN = 50

export interface DevMailboxOptions {
  db: Db
  /** The From the mail worker writes (the owner's sender name with MAIL_FROM's address). */
  from: () => string
  /** For the campaigns' own unsubscribe links, as their readers get them. */
  secret: string
  baseUrl: string
}

/**
 * /dev/mailbox: the e-mails the site would have sent, for development without an SMTP server:
 * those of the outbox and newsletter campaigns' alike, each with the From it goes out with.
 * Only mounted when SMTP_URL is unset and NODE_ENV is not production.
 */
export function devMailboxRoutes({ db, from, secret, baseUrl }: DevMailboxOptions) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const listed = await devMailboxEmails({ db, secret, baseUrl }, SHOWN)
    const sender = from()
    return c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width" />
            <title>Dev mailbox</title>
            <style>
              body {
                font-family: system-ui, sans-serif;
                margin: 2rem auto;
                max-width: 60rem;
                padding: 0 1rem;
                color: #2a1f2d;
                background: #fbf7f2;
              }
              article {
                background: #fff;
                border-radius: 12px;
                padding: 1rem 1.25rem;
                margin: 1rem 0;
                box-shadow: 0 1px 3px #0001;
              }
              pre {
                white-space: pre-wrap;
                font-size: 0.9rem;
              }
              .meta {
                color: #5b4d5e;
                font-size: 0.85rem;
              }
            </style>
          </head>
          <body>
            <h1>Dev mailbox</h1>
            <p class="meta">
              E-mails are not sent because SMTP_URL is not set. Newest first; links work. Newsletter
              campaigns are listed once per recipient. The From is the one the site writes now (the
              sender name is read at each send).
            </p>
            ${listed.length === 0 ? html`<p>No e-mails yet.</p>` : ''}
            ${listed.map(
              (m) =>
                html`<article>
                  <h2>${m.subject}</h2>
                  <p class="meta">From ${sender}</p>
                  <p class="meta">
                    To ${m.to} &middot; ${m.kind} &middot; ${m.language} &middot;
                    ${m.at.toISOString()} &middot; ${m.status}
                  </p>
                  <pre>${raw(linkify(m.text))}</pre>
                </article>`,
            )}
          </body>
        </html>`,
    )
  })
}

function linkify(text: string): string {
  const escaped = text.replace(
    /[&<>"]/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] ?? ch,
  )
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
}
