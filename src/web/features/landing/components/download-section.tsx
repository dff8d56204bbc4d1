import type { ReactNode } from 'react'
import { useTranslation } from '#web/lib/use-translation.ts'
import { sectionSizeStyle } from '../section-sizes.ts'
import { ExternalLink } from '#web/components/ui/external-link.tsx'
import { launchSentence } from '#web/lib/launch-text.ts'
import { publicConfig } from '#web/lib/public-config.ts'

function StoreBadge({
  href,
  icon,
  small,
  name,
}: {
  href: string
  icon: ReactNode
  small: string
  name: string
}) {
  return (
    <ExternalLink
      href={href}
      className="inline-flex h-14 min-w-44 items-center gap-3 rounded-2xl bg-ink px-5 text-white transition hover:bg-rose-deep"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-7 shrink-0">
        {icon}
      </svg>
      <span className="flex flex-col leading-tight">
        <span className="text-[0.7rem] opacity-85">{small}</span>
        <span className="text-lg font-semibold">{name}</span>
      </span>
    </ExternalLink>
  )
}

/**
 * The app: each store's badge once the owner has set the app's own page there (a badge that
 * opened the store's front page led nowhere); until then, when it arrives.
 */
export function DownloadSection() {
  const { t, i18n } = useTranslation('landing')
  const config = publicConfig()
  const appStore = config.appStoreUrl !== ''
  const googlePlay = config.googlePlayUrl !== ''
  return (
    <section
      aria-labelledby="download-heading"
      className="render-when-near mx-auto max-w-6xl px-5 py-16 sm:px-8"
      style={sectionSizeStyle(
        appStore && googlePlay
          ? 'downloadTwoStores'
          : appStore || googlePlay
            ? 'downloadOneStore'
            : 'download',
        i18n.language,
      )}
    >
      <div className="flex flex-col items-start gap-8 rounded-[2rem] bg-blush/70 p-8 sm:p-12 md:flex-row md:items-center md:justify-between">
        <div className="max-w-lg">
          <h2 id="download-heading" className="font-display text-3xl font-semibold tracking-tight">
            {t('download.heading')}
          </h2>
          <p className="mt-3 text-lg text-ink-soft">
            {appStore || googlePlay ? t('download.available') : launchSentence('appText')}
          </p>
        </div>
        {(appStore || googlePlay) && (
          <div className="flex flex-wrap gap-3">
            {appStore && (
              <StoreBadge
                href={config.appStoreUrl}
                small={t('download.appStore.small')}
                name={t('download.appStore.name')}
                icon={
                  <path
                    fill="currentColor"
                    d="M16.4 12.6c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.2-2.8.9-3.5.9-.8 0-1.9-.8-3.1-.8-1.6 0-3 .9-3.9 2.4-1.7 2.9-.4 7.2 1.2 9.6.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8s1.9.8 3.1.8c1.3 0 2.1-1.2 2.9-2.3.9-1.3 1.3-2.6 1.3-2.7 0 0-2.7-1-2.7-4.1ZM14.1 5.6c.6-.8 1.1-1.9 1-3-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.9 1 .1 2.1-.5 2.7-1.3Z"
                  />
                }
              />
            )}
            {googlePlay && (
              <StoreBadge
                href={config.googlePlayUrl}
                small={t('download.googlePlay.small')}
                name={t('download.googlePlay.name')}
                icon={
                  <>
                    <path
                      fill="#34A853"
                      d="M3.6 2.3 13.5 12 3.6 21.7c-.4-.2-.6-.6-.6-1.1V3.4c0-.5.2-.9.6-1.1Z"
                    />
                    <path
                      fill="#FBBC04"
                      d="m17 8.5-3.5 3.5 3.5 3.5 4-2.3c.9-.5.9-1.9 0-2.4l-4-2.3Z"
                    />
                    <path fill="#4285F4" d="M13.5 12 3.6 21.7c.3.2.8.2 1.2 0L17 15.5 13.5 12Z" />
                    <path fill="#EA4335" d="M13.5 12 17 8.5 4.8 2.3c-.4-.2-.9-.2-1.2 0L13.5 12Z" />
                  </>
                }
              />
            )}
          </div>
        )}
      </div>
    </section>
  )
}
