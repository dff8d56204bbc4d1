import { createServer, type AddressInfo, type Socket } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  subject: string
  text: string
  html: string
  headers: ParsedMail['headers']
  messageId: string
  /** A header exactly as it was sent (unfolded), by case-insensitive name. */
  rawHeader(name: string): string | undefined
  /** Every http(s) link in the plain-text body. */
  links: string[]
  /**
   * Its files and non-text parts, as text: a calendar invitation is here twice, as nodemailer
   * sends it (a text/calendar alternative, and the same as a file).
   */
  attachments: { filename: string | undefined; contentType: string; content: string }[]
  /** The text/calendar part, with its content type's parameters (method=...), if any. */
  calendar: { contentType: string; content: string } | undefined
}

function calendarPart(mail: ParsedMail): ReceivedMail['calendar'] {
  const part = mail.attachments.find((a) => a.contentType === 'text/calendar')
  if (!part) return undefined
  const header = part.headers.get('content-type')
  const params =
    header && typeof header === 'object' && 'params' in header
      ? Object.entries(header.params)
          .map(([key, value]) => `; ${key}=${value}`)
          .join('')
      : ''
  return { contentType: `${part.contentType}${params}`, content: part.content.toString('utf8') }
}

/** A real SMTP server on loopback that keeps what it receives, for tests to read and follow. */
export async function startTestMailServer({
  listenPort = 0,
  closeTimeoutMs,
}: {
  listenPort?: number
  /** How long close() lets open connections finish (smtp-server's default: 30 s). */
  closeTimeoutMs?: number
} = {}) {
  const received: ReceivedMail[] = []
  const waiters: (() => void)[] = []
  let failNext = 0
  let slowNext = { count: 0, ms: 0 }
  /** Addresses refused at RCPT TO, with the reply code. */
  const refused = new Map<string, number>()
  /** While held, MAIL FROM is not answered: messages wait before any of them is taken. */
  let held: (() => void)[] | null = null
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: closeTimeoutMs,
    onRcptTo(address, _session, callback) {
      const code = refused.get(address.address.toLowerCase())
      if (code === undefined) return callback()
      callback(
        Object.assign(new Error(`Mailbox ${address.address} refused`), { responseCode: code }),
      )
    },
    onMailFrom(_address, _session, callback) {
      if (held) {
        held.push(() => callback())
        return
      }
      if (slowNext.count === 0) return callback()
      slowNext.count--
      setTimeout(() => callback(), slowNext.ms)
    },
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
            messageId: mail.messageId ?? '',
            rawHeader: (name) =>
              mail.headerLines
                .find((h) => h.key === name.toLowerCase())
                ?.line.slice(name.length + 1)
                .replace(/\r?\n[ \t]+/g, ' ')
                .trim(),
            links: [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
            attachments: mail.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: a.content.toString('utf8'),
            })),
            calendar: calendarPart(mail),
          })
          waiters.splice(0).forEach((wake) => wake())
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  // A client that dies mid-conversation (a killed server process) resets its connection: a
  // mail server lives on.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error
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
    /** Refuse every message to this address at RCPT TO with `code` (550: no such mailbox). */
    refuse(address: string, code = 550) {
      refused.set(address.toLowerCase(), code)
    },
    /**
     * Stops answering MAIL FROM until the returned function is called: messages in flight wait
     * before the server has taken any of them.
     */
    hold(): () => void {
      held ??= []
      return () => {
        const waiting = held ?? []
        held = null
        for (const answer of waiting) answer()
      }
    },
    /** How many messages are waiting for MAIL FROM's answer (hold). */
    waiting: () => held?.length ?? 0,
    /** Answer MAIL FROM of the next n messages only after ms: a server slow before the data. */
    slowNext(n: number, ms: number) {
      slowNext = { count: n, ms }
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

/**
 * A mail server that is not one: it accepts connections on loopback and then says nothing
 * (`silent`), or greets and then answers EHLO with an endless reply, a line every 50 ms
 * (`trickle`), so that only an overall deadline ends the conversation.
 */
export async function startSilentSmtpServer({
  listenPort = 0,
  mode = 'silent',
}: { listenPort?: number; mode?: 'silent' | 'trickle' } = {}) {
  const sockets = new Set<Socket>()
  let connections = 0
  const server = createServer((socket) => {
    connections++
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
    if (mode === 'trickle') {
      socket.write('220 127.0.0.1 ESMTP at your service\r\n')
      socket.once('data', () => {
        const timer = setInterval(() => socket.write('250-still thinking\r\n'), 50)
        socket.on('close', () => clearInterval(timer))
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    /** How many connections it has accepted so far. */
    connections: () => connections,
    /** Stops listening and drops every open connection, freeing the port. */
    close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      return closed
    },
  }
}
