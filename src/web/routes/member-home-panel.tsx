import { callName } from '#shared/people-names.ts'
import { Link } from 'wouter'
import { FieldError } from '../components/ui/form-field.tsx'
import { QrCode } from '../components/ui/qr-code.tsx'
import { buttonClass } from '../components/ui/button.tsx'
import { Registration } from '../features/events/components/registration.tsx'
import { useMemberEvents } from '../features/events/use-member-events.ts'
import { MyTable } from '../features/live/my-table.tsx'
import { EveningOver } from '../features/events/components/evening-over.tsx'
import { NextEvening } from '../features/events/components/next-evening.tsx'
import type { Me } from '../lib/session-store.ts'
import { useTranslation } from '../lib/use-translation.ts'
import { ServerData } from '../lib/query-client.tsx'

/**
 * Her part of /home, above the landing page: her next evening (register or withdraw), her member
 * code as a QR code for the door, her table while an evening runs, and the people she met. Live,
 * like her events page. Loaded only for a signed-in member.
 */
export default function MemberHomePanel({ me }: { me: Me }) {
  return (
    <ServerData>
      <HomePanel me={me} />
    </ServerData>
  )
}

function HomePanel({ me }: { me: Me }) {
  const { t } = useTranslation('events')
  const { events, error, busy, toggle, answer, running, ended, next } = useMemberEvents()
  // Her given name ("Szia, Réka!"); an account with only a full name is greeted with that.
  const name = callName(me) ?? me.email.split('@')[0] ?? ''
  return (
    <section aria-labelledby="home-heading" className="mx-auto mt-6 max-w-6xl px-5 sm:px-8">
      <div className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-8">
        <h1
          id="home-heading"
          className="font-display text-3xl font-semibold tracking-tight sm:text-4xl"
        >
          {t('home.hello', { name })}
        </h1>
        {running ? (
          <div className="mt-5">
            <MyTable eventId={running.id} userId={me.id} />
          </div>
        ) : (
          ended && (
            <div className="mt-5">
              <EveningOver ended={ended} />
            </div>
          )
        )}
        <div className="mt-6 grid gap-6 md:grid-cols-[1fr_auto]">
          <div aria-labelledby="home-next-heading" role="group" className="flex flex-col gap-3">
            <h2
              id="home-next-heading"
              className="text-sm font-semibold tracking-wide text-ink-soft uppercase"
            >
              {t('home.nextEvening')}
            </h2>
            {next ? (
              <>
                <NextEvening event={next} />
                {next.status === 'active' && (
                  <p className="text-sm font-semibold text-sage-deep">{t('member.running')}</p>
                )}
                <div className="flex flex-wrap items-center gap-3">
                  <Registration
                    event={next}
                    pending={busy === next.id}
                    onToggle={() => toggle(next)}
                    onAnswer={(yes) => void answer(next, yes)}
                  />
                </div>
              </>
            ) : (
              events && <p className="text-ink-soft">{t('home.noEvening')}</p>
            )}
            {error !== null && error !== '' && <FieldError role="alert">{error}</FieldError>}
            <p className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              <Link
                href="/events"
                className="font-semibold text-rose-deep underline-offset-4 hover:underline"
              >
                {t('home.allEvents')}
              </Link>
              <Link
                href="/events#people-met-heading"
                className="font-semibold text-rose-deep underline-offset-4 hover:underline"
              >
                {t('home.peopleMet')}
              </Link>
            </p>
          </div>
          <div className="flex flex-col items-center gap-4 rounded-2xl bg-cream p-4 text-center sm:flex-row sm:text-left md:flex-col md:items-start">
            <QrCode
              value={me.userCode}
              label={t('member.qrLabel', { code: me.userCode })}
              size={140}
            />
            <div>
              <p className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
                {t('member.yourCode')}
              </p>
              <p className="font-mono text-2xl font-semibold tracking-[0.2em]">{me.userCode}</p>
              <Link
                href="/events"
                className={`mt-2 ${buttonClass({ variant: 'secondary', size: 'sm' })}`}
              >
                {t('home.showAtDoor')}
              </Link>
            </div>
          </div>
        </div>
      </div>
    </section>
  )
}
