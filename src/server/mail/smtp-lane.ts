import SMTPConnection from 'nodemailer/lib/smtp-connection'
import { parseConnectionUrl } from 'nodemailer/lib/shared'
import type { MailTimeouts } from './smtp-link.ts'

/**
 * One SMTP connection of its own for a campaign lane (docs/decisions/0070): a finished message
 * goes over it as it is, with no composing, queueing or stream plumbing in between. nodemailer's
 * pool spent about 0.25 ms of CPU on each raw message; its SMTPConnection alone about 0.08 ms.
 * The connection opens at the first message, and again after a failure; a message the server
 * refused leaves it open (RSET), as nodemailer's pool does.
 */
export interface SmtpLane {
  /** Resolves once the server has taken the message; rejects with nodemailer's SMTP errors. */
  send(
    envelope: { from: string; to: string[] },
    message: string | Buffer,
    signal: AbortSignal,
  ): Promise<void>
  /** Closes the connection, if open; the next send opens a new one. */
  close(): void
}

type SmtpError = Error & { code?: string; responseCode?: number }

export function openSmtpLane(url: string, timeouts: MailTimeouts): SmtpLane {
  const { auth, ...address } = parseConnectionUrl(url) as SMTPConnection.Options & {
    auth?: { user: string; pass: string }
  }
  const options: SMTPConnection.Options = {
    ...address,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    // A send given up at its deadline must not trickle out afterwards.
    socketCloseTimeout: 0,
  }
  let open: Promise<SMTPConnection> | null = null
  /** The session's reset after a refused message: the next message waits for it. */
  let resetting: Promise<void> = Promise.resolve()

  function drop(which: Promise<SMTPConnection>, connection?: SMTPConnection) {
    if (open === which) open = null
    connection?.close()
  }

  function connect(): Promise<SMTPConnection> {
    const connection = new SMTPConnection(options)
    const opening: Promise<SMTPConnection> = new Promise((resolve, reject) => {
      // Errors after the start (a server that hangs up while idle) only mean: open anew next time.
      connection.on('error', (error) => {
        drop(opening)
        reject(error)
      })
      connection.once('end', () => {
        drop(opening)
        reject(
          Object.assign(new Error('the SMTP server closed the connection'), {
            code: 'ECONNECTION',
          }),
        )
      })
      connection.connect((error) => {
        if (error) return reject(error)
        if (!auth || (!auth.user && !auth.pass) || !connection.allowsAuth)
          return resolve(connection)
        connection.login({ credentials: { user: auth.user, pass: auth.pass } }, (loginError) => {
          if (loginError) {
            drop(opening, connection)
            reject(loginError)
          } else resolve(connection)
        })
      })
    })
    // Its failure is the caller's; never an unhandled rejection of its own.
    opening.catch(() => {})
    return opening
  }

  return {
    async send(envelope, message, signal) {
      await resetting
      const current = (open ??= connect())
      const connection = await current
      signal.throwIfAborted()
      await new Promise<void>((resolve, reject) => {
        let done = false
        const fail = (error: SmtpError) => {
          if (done) return
          done = true
          signal.removeEventListener('abort', onAbort)
          connection.off('end', onEnd)
          drop(current, connection)
          reject(error)
        }
        const onAbort = () =>
          fail(Object.assign(new Error('the send ran out of time'), { code: 'ETIMEDOUT' }))
        const onEnd = () =>
          fail(
            Object.assign(new Error('the SMTP server closed the connection'), {
              code: 'ECONNECTION',
            }),
          )
        signal.addEventListener('abort', onAbort, { once: true })
        connection.once('end', onEnd)
        connection.send(envelope, message, (error: SmtpError | null) => {
          if (done) return
          done = true
          signal.removeEventListener('abort', onAbort)
          connection.off('end', onEnd)
          if (!error) return resolve()
          const refused =
            (error.code === 'EENVELOPE' || error.code === 'EMESSAGE') && error.responseCode !== 421
          if (refused)
            resetting = new Promise((done) =>
              connection.reset((resetError) => {
                if (resetError) drop(current, connection)
                done()
              }),
            )
          else drop(current, connection)
          reject(error)
        })
      })
    },
    close() {
      const current = open
      open = null
      void current?.then((connection) => connection.quit()).catch(() => {})
    },
  }
}
