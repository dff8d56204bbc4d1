import { useTranslation } from '#web/lib/use-translation.ts'
import { Link } from 'wouter'
import { launchSentence } from '#web/lib/launch-text.ts'
import { publicConfig } from '#web/lib/public-config.ts'
import { ExternalLink } from '../ui/external-link.tsx'
import { BrandMark } from './brand-mark.tsx'

const linkClass = 'text-ink-soft underline-offset-4 transition hover:text-rose-deep hover:underline'

export function SiteFooter() {
  const { t } = useTranslation()
  const config = publicConfig()
  return (
    <footer className="mt-24 border-t border-ink/10 bg-sand/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-14 sm:px-8 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm">
          <div className="flex items-center gap-2.5">
            <BrandMark className="size-8" />
            <span className="font-display text-lg font-semibold">{t('brand.name')}</span>
          </div>
          <p className="mt-4 text-sm leading-relaxed text-ink-soft">{launchSentence('footer')}</p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold tracking-wide uppercase">
            {t('footer.quickLinks')}
          </h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            <li>
              <Link href="/" className={linkClass}>
                {t('footer.home')}
              </Link>
            </li>
            <li>
              <Link href="/privacy-policy" className={linkClass}>
                {t('footer.privacyPolicy')}
              </Link>
            </li>
            <li>
              <ExternalLink href={config.officialSiteUrl} className={linkClass}>
                {t('footer.officialSite')}
              </ExternalLink>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wide uppercase">{t('footer.followUs')}</h2>
          <ExternalLink
            href={config.instagramUrl}
            className={`mt-4 inline-flex items-center gap-2 text-sm ${linkClass}`}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
              <rect
                x="3"
                y="3"
                width="18"
                height="18"
                rx="5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              />
              <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <circle cx="17.3" cy="6.7" r="1.1" fill="currentColor" />
            </svg>
            {t('footer.instagram')}
          </ExternalLink>
        </div>
      </div>
      <div className="border-t border-ink/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-5 py-6 text-xs text-ink-soft sm:flex-row sm:justify-between sm:px-8">
          <p>{t('footer.rights', { year: config.footerYear })}</p>
          <p>{t('footer.professional')}</p>
        </div>
      </div>
    </footer>
  )
}
