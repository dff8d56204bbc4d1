import { useState, type FormEvent } from 'react'
import { useTranslation } from '../lib/use-translation.ts'
import { Link } from 'wouter'
import { Alert } from '../components/ui/alert.tsx'
import { Button } from '../components/ui/button.tsx'
import { TextField } from '../components/ui/text-field.tsx'
import { AvatarEditor } from '../features/auth/components/avatar-editor.tsx'
import { RequireRole } from '../features/auth/components/require-role.tsx'
import { refreshSession, useSession, type Me } from '../features/auth/session-store.ts'
import { api } from '../lib/api-client.ts'
import { useDocumentTitle } from '../lib/use-document-title.ts'

export default function AccountPage() {
  return (
    <RequireRole allow="signed-in">
      <AccountForm />
    </RequireRole>
  )
}

function AccountForm() {
  const session = useSession()
  return session.status === 'signed-in' ? <AccountDetails me={session.me} /> : null
}

function AccountDetails({ me }: { me: Me }) {
  const { t } = useTranslation(['auth', 'errors'])
  useDocumentTitle(`${t('account.title')} – Lendület`)
  const [name, setName] = useState(me.fullName)
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)

  async function save(event: FormEvent) {
    event.preventDefault()
    setOutcome(null)
    if (!name.trim()) {
      setError(t('validation.nameRequired'))
      return
    }
    setError(undefined)
    setPending(true)
    const response = await api.me.$patch({ json: { fullName: name.trim() } })
    setPending(false)
    if (response.ok) {
      await refreshSession()
      setOutcome({ tone: 'success', text: t('account.saved') })
    } else {
      const body = (await response.json().catch(() => null)) as { message?: string } | null
      setOutcome({ tone: 'error', text: body?.message ?? t('errors:auth.genericError') })
    }
  }

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

      <form
        noValidate
        onSubmit={save}
        className="mt-8 flex flex-col gap-5 rounded-3xl bg-white p-6 ring-1 ring-ink/5 sm:p-8"
      >
        <TextField
          label={t('fields.name')}
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error}
        />
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <Button
          type="submit"
          pending={pending}
          pendingLabel={t('account.saving')}
          className="self-start"
        >
          {t('account.save')}
        </Button>
      </form>

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
