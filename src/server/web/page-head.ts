import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from '#shared/languages.ts'
import type { PublicConfig } from '#shared/public-config.ts'
import { escapeHtml } from './config-placeholders.ts'
import { PUBLIC_PAGES, pageUrl, type PrerenderedPage } from './public-pages.ts'

/** Open Graph's locale names for our languages. */
const OG_LOCALES: Record<Language, string> = {
  hu: 'hu_HU',
  en: 'en_GB',
  es: 'es_ES',
  de: 'de_DE',
}

/**
 * The head of a prerendered page that needs PUBLIC_URL, so the server writes it, once, at start:
 * title and description, the canonical address and its versions in the other languages (search
 * engines), Open Graph and Twitter card tags (link previews), and the organisation as JSON-LD.
 */
export function pageHead(page: PrerenderedPage, origin: string, config: PublicConfig): string {
  const definition = PUBLIC_PAGES.find((candidate) => candidate.id === page.id)
  if (!definition) throw new Error(`Unknown page ${page.id}`)
  const path = definition.canonicalPath
  // "Page not found" stands for every unknown address: no address of its own, not for search.
  const canonical = path === null ? null : pageUrl(origin, path, page.language)
  const image = `${origin}${page.shareImage.path}`
  const meta = (attribute: 'name' | 'property', key: string, content: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}">`
  const link = (attributes: Record<string, string>) =>
    `<link ${Object.entries(attributes)
      .map(([key, value]) => `${key}="${escapeHtml(value)}"`)
      .join(' ')}>`

  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: page.siteName,
    url: `${origin}/`,
    logo: `${origin}/icons/icon-512.png`,
    description: page.siteDescription,
    email: config.contactEmail,
    sameAs: [config.instagramUrl, config.officialSiteUrl],
  }

  return [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    ...(path === null || canonical === null
      ? [meta('name', 'robots', 'noindex')]
      : [
          link({ rel: 'canonical', href: canonical }),
          ...LANGUAGE_CODES.map((language) =>
            link({ rel: 'alternate', hreflang: language, href: pageUrl(origin, path, language) }),
          ),
          link({
            rel: 'alternate',
            hreflang: 'x-default',
            href: pageUrl(origin, path, DEFAULT_LANGUAGE),
          }),
        ]),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', page.siteName),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    ...(canonical === null ? [] : [meta('property', 'og:url', canonical)]),
    meta('property', 'og:locale', OG_LOCALES[page.language]),
    ...LANGUAGE_CODES.filter((language) => language !== page.language).map((language) =>
      meta('property', 'og:locale:alternate', OG_LOCALES[language]),
    ),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', page.shareImage.width),
    meta('property', 'og:image:height', page.shareImage.height),
    meta('property', 'og:image:alt', page.shareImage.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', page.shareImage.alt),
    // JSON inside <script> must not be able to close the tag.
    `<script type="application/ld+json">${JSON.stringify(organization).replace(/</g, '\\u003c')}</script>`,
  ].join('')
}
