import { useTranslation } from '../lib/use-translation.ts'
import { Link } from 'wouter'
import { AvatarEditor } from '../features/auth/components/avatar-editor.tsx'
import { ChangeEmailCard } from '../features/auth/components/change-email-card.tsx'
import { DownloadDataCard } from '../features/auth/components/download-data-card.tsx'
import { EventRemindersSetting } from '../features/auth/components/event-reminders-setting.tsx'
import { PeopleMetSetting } from '../features/auth/components/people-met-setting.tsx'
import { ProfileNameForm } from '../features/auth/components/profile-name-form.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { SignedInDevices } from '../features/auth/components/signed-in-devices.tsx'
import { PasskeysSetting } from '../features/auth/components/passkeys-setting.tsx'
import { TwoStepSetting } from '../features/auth/components/two-step-setting.tsx'
import { useSubscription } from '../features/newsletter/subscription-store.ts'
import { useSession, type Me } from '../lib/session-store.ts'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { ServerData } from '../lib/query-client.tsx'

export default function AccountPage() {
  return (
    <ServerData>
      <RequireRole allow="signed-in">
        <AccountForm />
      </RequireRole>
    </ServerData>
  )
}

function AccountForm() {
  const session = useSession()
  return session.status === 'signed-in' ? <AccountDetails me={session.me} /> : null
}

function AccountDetails({ me }: { me: Me }) {
  const { t } = useTranslation('account')
  useDocumentTitle(`${t('account.title')} – Lendület`)
  // The account menu's flag: subscribing there shows here at once.
  const newsletter = useSubscription(me)
  return (
    <div className="mx-auto max-w-2xl px-5 py-12 sm:px-8">
      <h1 className="font-display text-4xl font-semibold tracking-tight">{t('account.title')}</h1>
      <p className="mt-3 text-ink-soft">{t('account.signedInWith', { email: me.email })}</p>

      <section className="mt-8 flex items-center justify-between gap-4 rounded-3xl bg-sage-deep p-6 text-cream">
        <div>
          <h2 className="text-sm font-semibold tracking-wide uppercase">
            {t('account.memberCode')}
          </h2>
          <p className="mt-1 text-sm text-cream/85">{t('account.memberCodeHint')}</p>
        </div>
        <p className="font-mono text-3xl font-semibold tracking-[0.2em]" data-testid="member-code">
          {me.userCode}
        </p>
      </section>

      <div className="mt-8">
        <AvatarEditor me={me} />
      </div>

      <div className="mt-8">
        <ProfileNameForm me={me} />
      </div>

      <div className="mt-8">
        <ChangeEmailCard me={me} subscribed={newsletter.subscribed} />
      </div>

      <div className="mt-8">
        <PeopleMetSetting me={me} />
      </div>

      <div className="mt-8">
        <EventRemindersSetting me={me} />
      </div>

      <div className="mt-8">
        <TwoStepSetting me={me} />
      </div>

      <div className="mt-8">
        <PasskeysSetting />
      </div>

      <div className="mt-8">
        <SignedInDevices />
      </div>

      <div className="mt-8">
        <DownloadDataCard />
      </div>

      <nav className="mt-8 flex flex-wrap gap-3" aria-label={t('account.title')}>
        <Link
          href="/change-password"
          className="rounded-full bg-white px-5 py-2.5 font-semibold ring-1 ring-ink/10 hover:text-rose-deep"
        >
          {t('account.changePassword')}
        </Link>
        <Link
          href="/delete-account"
          className="rounded-full bg-white px-5 py-2.5 font-semibold text-rose-deep ring-1 ring-rose/30 hover:bg-blush/40"
        >
          {t('account.deleteAccount')}
        </Link>
      </nav>
    </div>
  )
}
