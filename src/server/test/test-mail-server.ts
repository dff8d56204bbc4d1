import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  subject: string
  text: string
  html: string
  headers: ParsedMail['headers']
  /** A header exactly as it was sent (unfolded), by case-insensitive name. */
  rawHeader(name: string): string | undefined
  /** Every http(s) link in the plain-text body. */
  links: string[]
}

/** A real SMTP server on loopback that keeps what it receives, for tests to read and follow. */
export async function startTestMailServer({ listenPort = 0 }: { listenPort?: number } = {}) {
  const received: ReceivedMail[] = []
  const waiters: (() => void)[] = []
  let failNext = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (failNext > 0) {
        failNext--
        stream.resume()
        stream.on('end', () =>
          callback(
            Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }),
          ),
        )
        return
      }
      simpleParser(stream).then(
        (mail) => {
          const text = mail.text ?? ''
          received.push({
            to: [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? '')),
            subject: mail.subject ?? '',
            text,
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: mail.headers,
            rawHeader: (name) =>
              mail.headerLines
                .find((h) => h.key === name.toLowerCase())
                ?.line.slice(name.length + 1)
                .replace(/\r?\n[ \t]+/g, ' ')
                .trim(),
            links: [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
          })
          waiters.splice(0).forEach((wake) => wake())
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Refuse the next n messages with a temporary error, as a server in trouble would. */
    failNext(n: number) {
      failNext = n
    },
    /** Waits for an e-mail to this address (and subject, if given) and returns it. */
    async waitFor(
      to: string,
      { subject, timeoutMs = 10_000 }: { subject?: RegExp; timeoutMs?: number } = {},
    ) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = received.find(
          (m) => m.to.includes(to) && (!subject || subject.test(m.subject)),
        )
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type TestMailServer = Awaited<ReturnType<typeof startTestMailServer>>
