/**
 * A campaign's e-mail as the SMTP server receives it, built once per campaign, language and
 * sender, then written out per recipient by joining strings: only her address, her unsubscribe
 * links and the Message-ID differ. nodemailer composes each message from scratch (headers
 * normalised, both bodies Quoted-Printable encoded, a random boundary): at 10,000 e-mails that
 * was the worker's largest cost after the database (docs/decisions/0058).
 *
 * The bodies are Quoted-Printable, encoded in pieces around the unsubscribe link: a soft line
 * break ("=" at the end of a line) may stand anywhere between encoded characters, so the pieces
 * and her link, each encoded alone, join into one valid body.
 */
import { randomBytes } from 'node:crypto'
import addressparser from 'nodemailer/lib/addressparser'
import { encodeWords, foldLines, isPlainText, quoteString } from 'nodemailer/lib/mime-funcs'
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp'
import { escapeHtml, type RenderedEmail } from '../mail/templates.ts'
import { UNSUBSCRIBE_PLACEHOLDER } from './campaign-content.ts'

const CRLF = '\r\n'
/** 75, not 76: a piece's last line is followed by the "=" of the soft break that joins it. */
const QP_LINE = 75

/** What differs per recipient. */
export interface CampaignMimeRecipient {
  to: string
  messageId: string
  /** The unsubscribe page's address, shown in both bodies. */
  page: string
  /** RFC 8058 one-click address (List-Unsubscribe). */
  oneClick: string
  date: Date
}

export interface CampaignMime {
  /** Her whole message, CRLF line ends; null when her address needs nodemailer's encoding. */
  render(recipient: CampaignMimeRecipient): string | null
  /** The envelope's sender (MAIL FROM). */
  envelopeFrom: string
}

const quotedPrintable = (value: string) => qpWrap(qpEncode(value.replace(/\r?\n/g, CRLF)), QP_LINE)

/** A body in encoded pieces, her link going between them. */
function bodyPieces(body: string, link: (page: string) => string) {
  const pieces = body.split(UNSUBSCRIBE_PLACEHOLDER).map(quotedPrintable)
  return (page: string) => {
    if (pieces.length === 1) return pieces[0] ?? ''
    const joint = `=${CRLF}${quotedPrintable(link(page))}=${CRLF}`
    return pieces.join(joint)
  }
}

function header(name: string, value: string) {
  return foldLines(`${name}: ${value}`, 76) + CRLF
}

function addressHeader(from: string) {
  const [parsed] = addressparser(from, { flatten: true })
  const address = parsed?.address ?? from
  const name = parsed?.name ?? ''
  if (!name) return { value: address, address }
  const shown = isPlainText(name) ? quoteString(name) : encodeWords(name, 'Q', 52)
  return { value: `${shown} <${address}>`, address }
}

/** Only plain ASCII addresses are written as they are; others go through nodemailer. */
const PLAIN_ADDRESS = /^[\x21-\x7e]+@[\x21-\x7e]+$/

export function campaignMime({
  email,
  from,
  listId,
}: {
  email: RenderedEmail
  from: string
  /** The List-Id header's value, already encoded. */
  listId: string
}): CampaignMime {
  const boundary = `--_lendulet-${randomBytes(12).toString('hex')}`
  const sender = addressHeader(from)
  const fixedTop =
    header('Content-Type', `multipart/alternative; boundary="${boundary}"`) +
    header('From', sender.value)
  const fixedHeaders =
    header('Subject', encodeWords(email.subject, 'Q', 52)) +
    'List-Unsubscribe-Post: List-Unsubscribe=One-Click' +
    CRLF +
    header('List-Id', listId) +
    'Precedence: bulk' +
    CRLF
  const text = bodyPieces(email.text, (page) => page)
  const html = bodyPieces(email.html, (page) => escapeHtml(page))
  const part = (type: string) =>
    `--${boundary}${CRLF}Content-Type: ${type}; charset=utf-8${CRLF}` +
    `Content-Transfer-Encoding: quoted-printable${CRLF}${CRLF}`

  return {
    envelopeFrom: sender.address,
    render({ to, messageId, page, oneClick, date }) {
      if (!PLAIN_ADDRESS.test(to)) return null
      return (
        fixedTop +
        `To: ${to}${CRLF}` +
        fixedHeaders +
        `List-Unsubscribe: <${oneClick}>${CRLF}` +
        `Message-ID: ${messageId}${CRLF}` +
        `Date: ${date.toUTCString().replace(/GMT$/, '+0000')}${CRLF}` +
        `MIME-Version: 1.0${CRLF}${CRLF}` +
        part('text/plain') +
        text(page) +
        CRLF +
        part('text/html') +
        html(page) +
        CRLF +
        `--${boundary}--${CRLF}`
      )
    },
  }
}
