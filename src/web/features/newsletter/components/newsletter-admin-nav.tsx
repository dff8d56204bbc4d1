import { Link } from 'wouter'
import { useTranslation } from '#web/lib/use-translation.ts'

/** The newsletter admin's parts, as tabs above the page: subscribers, campaigns, welcome series. */
export function NewsletterAdminNav({
  current,
}: {
  current: 'subscribers' | 'campaigns' | 'welcome'
}) {
  const { t } = useTranslation('newsletter')
  const tabs = [
    { key: 'subscribers', href: '/admin/newsletter', label: t('campaigns.ui.nav.subscribers') },
    {
      key: 'campaigns',
      href: '/admin/newsletter/campaigns',
      label: t('campaigns.ui.nav.campaigns'),
    },
    { key: 'welcome', href: '/admin/newsletter/welcome', label: t('campaigns.ui.nav.welcome') },
  ] as const
  return (
    <nav aria-label={t('campaigns.ui.nav.label')} className="border-b border-ink/10 bg-white/60">
      <ul className="mx-auto flex max-w-6xl gap-1 px-5 sm:px-8">
        {tabs.map((tab) => {
          const active = tab.key === current
          return (
            <li key={tab.key}>
              <Link
                href={tab.href}
                aria-current={active ? 'page' : undefined}
                className={`-mb-px inline-flex h-12 items-center border-b-2 px-4 text-sm font-semibold transition ${active ? 'border-rose-deep text-ink' : 'border-transparent text-ink-soft hover:border-ink/20 hover:text-ink'}`}
              >
                {tab.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
