import { describe, expect, it } from 'vitest'
import { siteLink } from '../mail/site-link.ts'
import { campaignEmail, renderIssueHtml, renderPlainText } from './campaign-content.ts'

describe("a campaign's text", () => {
  const body = 'Köszönöm, hogy itt vagy.\n\nÖlelés,\nRéka'

  it('keeps a single line break as she typed it, in the e-mail, on the web and in plain text', () => {
    const email = campaignEmail({
      language: 'hu',
      subject: 'Hírek',
      body,
      webUrl: siteLink('http://localhost:3000', '/newsletter/issues/1', 'hu'),
      baseUrl: 'http://localhost:3000',
    })
    expect(email.html).toMatch(/Ölelés,<br>\s*Réka/)
    expect(renderIssueHtml(body)).toMatch(/<p>Ölelés,<br>\s*Réka<\/p>/)
    expect(renderPlainText(body)).toContain('Ölelés,\nRéka')
    // A blank line is still a new paragraph.
    expect(renderIssueHtml(body).match(/<p>/g)).toHaveLength(2)
  })
})
