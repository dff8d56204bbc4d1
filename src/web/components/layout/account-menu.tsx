import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from '#web/lib/use-translation.ts'
import { useLocation } from 'wouter'
import { authPost } from '#web/features/auth/api/auth-api.ts'
import { signedOut, useSession } from '#web/lib/session-store.ts'
import { UserAvatar } from '#web/components/ui/user-avatar.tsx'
import { useReturnPath } from '#web/lib/use-return-path.ts'
import { callName } from '#shared/people-names.ts'
import { withReturnPath } from '#shared/return-path.ts'
import { Menu, MenuItemLink } from '../ui/menu.tsx'

const triggerClass =
  'flex h-10 items-center gap-2 rounded-full border border-ink/10 bg-white/70 px-2 pr-3 text-sm font-medium transition hover:border-rose/40 hover:bg-white data-[state=open]:border-rose/50 data-[state=open]:bg-white'
const menuClass =
  'absolute top-full right-0 z-50 mt-2 w-64 rounded-2xl border border-ink/10 bg-white p-1.5 shadow-xl shadow-ink/10'
const itemClass =
  'flex w-full cursor-pointer items-center rounded-xl px-3 py-2.5 text-left text-sm hover:bg-blush/60 focus:bg-blush/60 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-rose-deep'

// Signed-in members only: kept out of the landing page's first load.
const loadNewsletterItem = () =>
  import('#web/features/newsletter/components/newsletter-menu-item.tsx')
const NewsletterMenuItem = lazy(loadNewsletterItem)
const NewsletterNotice = lazy(() =>
  loadNewsletterItem().then((module) => ({ default: module.NewsletterNotice })),
)

/** SPEC's header account menu: a Login menu when signed out; initial, name and actions when signed in. */
export function AccountMenu() {
  const { t } = useTranslation()
  const session = useSession()
  const [, navigate] = useLocation()
  // On the landing page after the route guard sent her there: signing in from here goes back too.
  const returnPath = useReturnPath()
  const userId = session.status === 'signed-in' ? session.me.id : null
  const email = session.status === 'signed-in' ? session.me.email : null

  // SPEC section 4: on sign-in the subscription status is checked, ready before the menu opens;
  // and again when her address has changed (the flag is the address's).
  useEffect(() => {
    if (userId && email)
      void loadNewsletterItem().then((module) => module.loadSubscription({ id: userId, email }))
  }, [userId, email])

  // Until the session is read, the menu is the signed-out one: that is what the prerendered page
  // shows, so hydration changes nothing, and a member sees her own menu once the read answers.
  if (session.status !== 'signed-in') {
    return (
      <Menu
        triggerLabel={t('accountMenu.login')}
        triggerContent={<span className="px-0.5 sm:px-2">{t('accountMenu.login')}</span>}
        triggerClassName={triggerClass}
        menuLabel={t('accountMenu.login')}
        menuClassName={menuClass}
      >
        {(close) => (
          <>
            <MenuItemLink
              href={withReturnPath('/login', returnPath)}
              className={`${itemClass} font-semibold`}
              onSelect={close}
            >
              {t('accountMenu.loginLink')}
            </MenuItemLink>
            <MenuItemLink
              href={withReturnPath('/signup', returnPath)}
              className={itemClass}
              onSelect={close}
            >
              {t('accountMenu.signupLink')}
            </MenuItemLink>
          </>
        )}
      </Menu>
    )
  }

  const { me, role } = session
  // She is called by her given name here too (an account with only a full name: by that).
  const name = callName(me) ?? me.email
  return (
    <Menu
      triggerLabel={t('accountMenu.open', { name })}
      triggerContent={
        <>
          <UserAvatar avatarUrl={me.avatarUrl} name={name} size="small" />
          <span className="hidden max-w-32 truncate sm:inline">{name}</span>
        </>
      }
      triggerClassName={triggerClass}
      menuLabel={t('accountMenu.open', { name })}
      menuClassName={menuClass}
      status={
        <Suspense fallback={null}>
          <NewsletterNotice me={me} />
        </Suspense>
      }
    >
      {(close) => (
        <>
          <div className="px-3 pt-2 pb-3 text-sm" role="none">
            <p className="text-ink-soft">{t('accountMenu.signedInAs')}</p>
            <p className="truncate font-semibold">{me.email}</p>
          </div>
          <div role="separator" className="mx-2 mb-1 h-px bg-ink/10" />
          {role === 'admin' && (
            <MenuItemLink href="/admin" className={itemClass} onSelect={close}>
              {t('accountMenu.admin')}
            </MenuItemLink>
          )}
          {me.liveEventId && (
            <MenuItemLink
              href="/events#my-table"
              className={`${itemClass} bg-rose-deep/10 font-semibold text-rose-deep`}
              onSelect={close}
            >
              {t('accountMenu.myTable')}
            </MenuItemLink>
          )}
          <MenuItemLink href="/events" className={itemClass} onSelect={close}>
            {t('accountMenu.events')}
          </MenuItemLink>
          <MenuItemLink href="/account" className={itemClass} onSelect={close}>
            {t('accountMenu.account')}
          </MenuItemLink>
          <Suspense fallback={null}>
            <NewsletterMenuItem me={me} className={itemClass} />
          </Suspense>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClass}
            onClick={async () => {
              close()
              await authPost('/sign-out')
              signedOut()
              navigate('/')
            }}
          >
            {t('accountMenu.logout')}
          </button>
        </>
      )}
    </Menu>
  )
}
