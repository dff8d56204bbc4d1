import { useTranslation } from '#web/lib/use-translation.ts'
import { Link } from 'wouter'
import { AccountMenu } from './account-menu.tsx'
import { BrandMark } from './brand-mark.tsx'
import { LanguageMenu } from './language-menu.tsx'

export function SiteHeader() {
  const { t } = useTranslation()
  return (
    <header className="sticky top-0 z-40 border-b border-ink/5 bg-cream/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-5 sm:gap-4 sm:px-8">
        <Link
          href="/"
          aria-label={t('brand.homeLink')}
          className="flex items-center gap-2 sm:gap-2.5"
        >
          <BrandMark className="size-9" />
          <span className="flex flex-col leading-none">
            <span className="font-display text-xl font-semibold tracking-tight">
              {t('brand.name')}
            </span>
            <span className="hidden text-xs text-ink-soft sm:block">{t('brand.tagline')}</span>
          </span>
        </Link>
        <div className="flex items-center gap-1.5 sm:gap-2">
          {/* The language menu keeps its place at the edge while the account menu loads beside it. */}
          <AccountMenu />
          <LanguageMenu />
        </div>
      </div>
    </header>
  )
}
