import type { Language } from '#shared/languages.ts'

declare const siteLinkBrand: unique symbol

/**
 * An address on our site that opens in a given language (its `?lang=`, which every route reads
 * before the remembered choice). E-mails and calendar files take only these: a link built any
 * other way does not type-check, so a new e-mail cannot send her to a page in the browser's
 * language instead of the e-mail's (decision 49).
 */
export type SiteLink = string & { readonly [siteLinkBrand]: true }

/** The query parameter every route reads its language from (SPEC: `?lang=` on any route). */
const LANGUAGE_PARAM = 'lang'

/** `path` (with `query`, if any) on our site, opening in `language`. */
export function siteLink(
  baseUrl: string,
  path: string,
  language: Language,
  query: Record<string, string> = {},
): SiteLink {
  const url = new URL(`${baseUrl}${path}`)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  url.searchParams.set(LANGUAGE_PARAM, language)
  return url.href as SiteLink
}

/**
 * A link Better Auth built (verify an address, reset a password): it goes through /api/auth and
 * redirects to its `callbackURL`, the page she lands on. Both carry the language: the endpoint
 * answers in it, and the page opens in it. A callback to another site (CORS_ORIGINS) is left as
 * it is: its pages are not ours to speak for.
 */
export function authLink(url: string, language: Language): SiteLink {
  const link = new URL(url)
  link.searchParams.set(LANGUAGE_PARAM, language)
  const callback = link.searchParams.get('callbackURL')
  if (callback) link.searchParams.set('callbackURL', callbackWithLanguage(callback, link, language))
  return link.href as SiteLink
}

function callbackWithLanguage(callback: string, link: URL, language: Language): string {
  const relative = callback.startsWith('/') && !callback.startsWith('//')
  if (!relative && !(URL.canParse(callback) && new URL(callback).origin === link.origin))
    return callback
  const url = new URL(callback, link)
  url.searchParams.set(LANGUAGE_PARAM, language)
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.href
}

/**
 * An address someone wrote into an e-mail (an admin, in a campaign): one to a page of our site
 * opens in `language` too, unless it names a language itself; any other is left as written.
 */
export function writtenLink(url: string, baseUrl: string, language: Language): string {
  if (!URL.canParse(url)) return url
  const target = new URL(url)
  const site = new URL(baseUrl)
  const basePath = site.pathname.replace(/\/$/, '')
  const ours =
    target.origin === site.origin &&
    (target.pathname === basePath || target.pathname.startsWith(`${basePath}/`))
  if (!ours || target.searchParams.has(LANGUAGE_PARAM)) return url
  target.searchParams.set(LANGUAGE_PARAM, language)
  return target.href
}
