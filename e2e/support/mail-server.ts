/**
 * The browser tests' mail server: a real SMTP server (smtp-server) on E2E_SMTP_PORT that the site
 * sends to, and a small HTTP API on E2E_MAIL_API_PORT where tests read what arrived.
 */
import { createServer } from 'node:http'
import { startTestMailServer } from '#server/test/test-mail-server.ts'

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525)
const apiPort = Number(process.env.E2E_MAIL_API_PORT ?? 2526)
const mail = await startTestMailServer({ listenPort: smtpPort })

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost')
  if (url.pathname === '/health') {
    response.end('ok')
    return
  }
  const to = url.searchParams.get('to')
  const found = mail.received.filter((m) => !to || m.to.includes(to))
  response.setHeader('content-type', 'application/json')
  response.end(
    JSON.stringify(found.map(({ to, subject, text, links }) => ({ to, subject, text, links }))),
  )
}).listen(apiPort, '127.0.0.1')
