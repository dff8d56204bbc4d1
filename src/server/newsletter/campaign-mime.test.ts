import { simpleParser, type ParsedMail } from 'mailparser'
import MailComposer from 'nodemailer/lib/mail-composer'
import { describe, expect, it } from 'vitest'
import { campaignEmailIn, unsubscribeLinksOf } from './campaign-delivery.ts'
import { personalise } from './campaign-content.ts'
import { campaignMime } from './campaign-mime.ts'

const BASE_URL = 'https://lendulet.example'
const FROM = '"Lendület Réka" <hello@lendulet.example>'
const LIST_ID = `=?UTF-8?B?${Buffer.from('Lendület hírlevél').toString('base64')}?= <newsletter.lendulet.example>`

const content = {
  hu: {
    subject: 'Tavaszi órarend – új időpontok, több hely és egy meglepetés a végén',
    body: [
      '# Szia!',
      '',
      'Itt az **új órarend**. Árvíztűrő tükörfúrógép, és egy nagyon hosszú sor, amely jóval több mint hetvenhat karakter, hogy a sortörések is próbára kerüljenek: ' +
        'ő ű á é í ó ú ö ü.',
      'Ölelés,',
      'Réka',
      '',
      '[Blog](https://lendulet.example/blog?a=1&b=2)',
    ].join('\n'),
  },
}

/** Both versions of her e-mail, read back by a mail client's parser. */
async function both(recipientId: number, to: string) {
  const { email } = campaignEmailIn('c-1', content, 'hu', BASE_URL)
  const links = unsubscribeLinksOf('secret', BASE_URL, recipientId, 'hu')
  const messageId = `<campaign.c-1.${recipientId}@lendulet.example>`
  const date = new Date('2026-11-27T18:30:00Z')
  const raw = campaignMime({ email, from: FROM, listId: LIST_ID }).render({
    to,
    messageId,
    page: links.page,
    oneClick: links.oneClick,
    date,
  })
  const composed = await new MailComposer({
    from: FROM,
    to,
    ...personalise(email, links.page),
    messageId,
    date,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': { prepared: true, value: LIST_ID },
      Precedence: 'bulk',
    },
  })
    .compile()
    .build()
  return {
    raw,
    fromRaw: await simpleParser(raw ?? ''),
    fromNodemailer: await simpleParser(composed),
    links,
  }
}

const seen = (mail: ParsedMail) => ({
  from: mail.from?.value,
  to: Array.isArray(mail.to) ? mail.to.map((a) => a.value) : mail.to?.value,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  messageId: mail.messageId,
  date: mail.date?.toISOString(),
  listUnsubscribe: mail.headers.get('list-unsubscribe'),
  listUnsubscribePost: mail.headers.get('list-unsubscribe-post'),
  listId: mail.headers.get('list-id'),
  precedence: mail.headers.get('precedence'),
})

describe('a campaign e-mail built from its template', () => {
  it('reads exactly as the one nodemailer composes: headers, both bodies and her own links', async () => {
    const { raw, fromRaw, fromNodemailer, links } = await both(4711, 'anna@example.com')
    expect(seen(fromRaw)).toEqual(seen(fromNodemailer))
    // Her own way out, in both bodies, and nobody else's.
    expect(fromRaw.text).toContain(links.page)
    expect(fromRaw.html).toContain(links.page.replaceAll('&', '&amp;'))
    expect(fromRaw.text).not.toContain('%%UNSUBSCRIBE_URL%%')
    expect(fromRaw.subject).toBe(content.hu.subject)
    expect(fromRaw.from?.value).toEqual([
      { name: 'Lendület Réka', address: 'hello@lendulet.example' },
    ])
    // SMTP's limits: CRLF line ends only, and no body line over 76 characters.
    const message = raw ?? ''
    expect(message.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
    const body = message.slice(message.indexOf('\r\n\r\n'))
    for (const line of body.split('\r\n')) expect(line.length).toBeLessThanOrEqual(76)
  })

  it('leaves an address it cannot write as it is to nodemailer', async () => {
    const { raw } = await both(1, 'réka@példa.hu')
    expect(raw).toBeNull()
  })
})
