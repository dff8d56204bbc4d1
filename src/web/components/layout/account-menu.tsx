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
import { accountItemClass, accountMenuClass, accountTriggerClass } from '../ui/header-menus-look.ts'

const triggerClass = accountTriggerClass
const menuClass = accountMenuClass
const itemClass = accountItemClass

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
        // The landing page's menu island finds it by this name (islands/header-menus.ts).
        name="account"
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
