import { Marked, type Token, type Tokens } from 'marked'
import type { Language } from '#shared/languages.ts'
import { emailTranslator } from '../i18n.ts'
import { writtenLink, type SiteLink } from '../mail/site-link.ts'
import { brandedEmail, escapeHtml, siteFooter, type RenderedEmail } from '../mail/templates.ts'

/**
 * A campaign's Markdown, made into e-mail HTML (inline styles, for mail programs that ignore
 * style sheets), web HTML (plain elements, styled by the issue page) and plain text. Raw HTML in
 * the Markdown is shown as text, and only http(s) and mailto links survive: what an admin
 * writes cannot run script on the public issue page or smuggle tracking into the e-mail.
 */

const BRAND = '#8E3B52'
const MUTED = '#5B4D5E'

/** Only addresses a reader can safely follow; anything else (javascript:, data:) is dropped. */
function safeUrl(href: string): string | null {
  const trimmed = href.trim()
  if (/^mailto:/i.test(trimmed)) return trimmed
  try {
    const url = new URL(trimmed)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

type Styles = Partial<
  Record<
    'p' | 'h1' | 'h2' | 'h3' | 'a' | 'ul' | 'ol' | 'li' | 'blockquote' | 'hr' | 'img' | 'code',
    string
  >
>

const EMAIL_STYLES: Styles = {
  p: 'margin:0 0 16px',
  h1: `margin:8px 0 16px;font-family:Georgia,serif;font-size:26px;line-height:1.25;color:#2A1F2D`,
  h2: `margin:8px 0 12px;font-family:Georgia,serif;font-size:21px;line-height:1.3;color:#2A1F2D`,
  h3: 'margin:8px 0 8px;font-size:17px;line-height:1.4;color:#2A1F2D',
  a: `color:${BRAND};text-decoration:underline`,
  ul: 'margin:0 0 16px;padding-left:22px',
  ol: 'margin:0 0 16px;padding-left:22px',
  li: 'margin:0 0 6px',
  blockquote: `margin:0 0 16px;padding:4px 0 4px 16px;border-left:3px solid ${BRAND};color:${MUTED}`,
  hr: 'border:0;border-top:1px solid #EADFD6;margin:24px 0',
  img: 'max-width:100%;height:auto;border-radius:12px',
  code: 'font-family:Menlo,Consolas,monospace;font-size:14px;background:#F5EEE7;padding:1px 4px;border-radius:4px',
}

/** What a link's address becomes (campaignEmail: our pages in the e-mail's language). */
type LinkTo = (url: string) => string
const asWritten: LinkTo = (url) => url

function htmlRenderer(styles: Styles) {
  const attr = (tag: keyof Styles) => (styles[tag] ? ` style="${styles[tag]}"` : '')
  // A single line break is one ("Ölelés,⏎Réka"), as she typed it: Markdown alone would join the lines.
  const marked = new Marked({ gfm: true, breaks: true, async: false })
  // Set for one synchronous parse at a time (below).
  let linkTo = asWritten
  marked.use({
    renderer: {
      html: ({ text }) => escapeHtml(text),
      paragraph({ tokens }) {
        return `<p${attr('p')}>${this.parser.parseInline(tokens)}</p>\n`
      },
      heading({ tokens, depth }) {
        // The subject is the issue's title: headings in the body start one level below it.
        const tag = depth <= 1 ? 'h1' : depth === 2 ? 'h2' : 'h3'
        const level = Math.min(depth + 1, 6)
        return `<h${level}${attr(tag)}>${this.parser.parseInline(tokens)}</h${level}>\n`
      },
      link({ href, tokens }) {
        const text = this.parser.parseInline(tokens)
        const url = safeUrl(href)
        return url ? `<a href="${escapeHtml(linkTo(url))}"${attr('a')}>${text}</a>` : text
      },
      image({ href, text }) {
        const url = safeUrl(href)
        if (!url || url.startsWith('mailto:')) return escapeHtml(text)
        return `<img src="${escapeHtml(url)}" alt="${escapeHtml(text)}"${attr('img')}>`
      },
      list(token: Tokens.List) {
        const tag = token.ordered ? 'ol' : 'ul'
        const items = token.items
          .map((item) => `<li${attr('li')}>${this.parser.parse(item.tokens).trim()}</li>`)
          .join('\n')
        return `<${tag}${attr(tag)}>\n${items}\n</${tag}>\n`
      },
      blockquote({ tokens }) {
        return `<blockquote${attr('blockquote')}>${this.parser.parse(tokens)}</blockquote>\n`
      },
      hr: () => `<hr${attr('hr')}>\n`,
      codespan: ({ text }) => `<code${attr('code')}>${text}</code>`,
      code: ({ text }) => `<p${attr('p')}><code${attr('code')}>${escapeHtml(text)}</code></p>\n`,
    },
  })
  return (markdown: string, links: LinkTo = asWritten) => {
    linkTo = links
    try {
      // A list item's paragraphs would add margins inside the list.
      return (marked.parse(markdown) as string).replace(
        /<li([^>]*)><p[^>]*>([\s\S]*?)<\/p><\/li>/g,
        '<li$1>$2</li>',
      )
    } finally {
      linkTo = asWritten
    }
  }
}

const emailHtml = htmlRenderer(EMAIL_STYLES)
const webHtml = htmlRenderer({})

/** The body for the public issue page. */
export const renderIssueHtml = (markdown: string) => webHtml(markdown)

const lexer = new Marked({ gfm: true, breaks: true, async: false })

/** Markdown as a plain-text e-mail reads: links written out, lists with dashes. */
export function renderPlainText(markdown: string, linkTo: LinkTo = asWritten): string {
  const inline = (tokens: Token[] | undefined): string =>
    (tokens ?? [])
      .map((token) => {
        switch (token.type) {
          case 'link': {
            const text = inline(token.tokens)
            const url = safeUrl(token.href)
            if (!url) return text
            const shown = linkTo(url)
            // An address written as its own text stays one, in the form it is followed in.
            if (url === text || `mailto:${text}` === url) return shown === url ? text : shown
            return `${text} (${shown})`
          }
          case 'image':
            return token.text
          case 'br':
            return '\n'
          case 'strong':
          case 'em':
          case 'del':
            return inline(token.tokens)
          case 'codespan':
          case 'escape':
          case 'html':
            return decode(token.text)
          default:
            return 'tokens' in token && token.tokens ? inline(token.tokens) : decode(token.raw)
        }
      })
      .join('')
  const block = (tokens: Token[], indent = ''): string[] =>
    tokens.flatMap((token): string[] => {
      switch (token.type) {
        case 'heading': {
          const text = inline(token.tokens)
          return [`${text}\n${'='.repeat(Math.min(text.length, 60))}`]
        }
        case 'paragraph':
          return [indent + inline(token.tokens)]
        case 'list':
          return [
            (token as Tokens.List).items
              .map((item, index) => {
                const marker = (token as Tokens.List).ordered ? `${index + 1}.` : '-'
                return `${indent}${marker} ${block(item.tokens, '').join('\n').trim()}`
              })
              .join('\n'),
          ]
        case 'blockquote':
          return [
            block(token.tokens ?? [])
              .map((line) => `> ${line}`)
              .join('\n'),
          ]
        case 'hr':
          return ['———']
        case 'code':
          return [token.text]
        case 'space':
          return []
        case 'text':
          return [indent + inline(token.tokens ?? [token])]
        case 'html':
          return [token.text.trim()]
        default:
          return [token.raw.trim()]
      }
    })
  return block(lexer.lexer(markdown)).filter(Boolean).join('\n\n')
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

/** Stands in the rendered e-mail where each recipient's own unsubscribe address goes. */
export const UNSUBSCRIBE_PLACEHOLDER = '%%UNSUBSCRIBE_URL%%'

export interface CampaignEmailParts {
  language: Language
  subject: string
  body: string
  /**
   * The public web version of the issue in this language ('#' before it is sent); null for an
   * e-mail that has none (a welcome e-mail).
   */
  webUrl: SiteLink | '#' | null
  /** The site's public origin (PUBLIC_URL), named in the footer. */
  baseUrl: string
}

/**
 * A campaign's e-mail in one language, the same for every recipient but for the unsubscribe
 * address (UNSUBSCRIBE_PLACEHOLDER, filled by `personalise`). No tracking pixel, and links go
 * where the admin wrote them.
 */
export function campaignEmail({
  language,
  subject,
  body,
  webUrl,
  baseUrl,
}: CampaignEmailParts): RenderedEmail {
  const t = emailTranslator(language)
  const site = siteFooter(language, baseUrl)
  // The admin's links to our own pages open in the language of the e-mail, as ours do.
  const linkTo: LinkTo = (url) => writtenLink(url, baseUrl, language)
  const html = brandedEmail({
    language,
    title: subject,
    content: `${webUrl === null ? '' : `<p style="margin:0 0 20px;font-size:12px;text-align:right"><a href="${escapeHtml(webUrl)}" style="color:${MUTED}">${escapeHtml(t('campaign.viewInBrowser'))}</a></p>`}
          ${emailHtml(body, linkTo)}`,
    footer: `${escapeHtml(t('campaign.reason'))}<br><a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:${MUTED}">${escapeHtml(t('campaign.unsubscribe'))}</a> · ${site.html}`,
  })
  const text = [
    ...(webUrl === null ? [] : [`${t('campaign.viewInBrowser')}: ${webUrl}`, '']),
    renderPlainText(body, linkTo),
    '',
    '—',
    t('campaign.reason'),
    `${t('campaign.unsubscribe')}: ${UNSUBSCRIBE_PLACEHOLDER}`,
    `${t('footer')} · ${site.text}`,
  ].join('\n')
  return { subject, html, text }
}

/** One recipient's copy: her own unsubscribe address in place. */
export function personalise(email: RenderedEmail, unsubscribeUrl: SiteLink): RenderedEmail {
  return {
    subject: email.subject,
    html: email.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeHtml(unsubscribeUrl)),
    text: email.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
  }
}
