import { Link } from 'wouter'
import { Alert } from '#web/components/ui/alert.tsx'
import { UserAvatar } from '#web/components/ui/user-avatar.tsx'
import { interpolateElement } from '#web/lib/interpolate-element.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { usePeopleMet } from '../use-people-met.ts'
import { eveningFormat } from '#web/lib/evening-time.ts'

/**
 * "People you met" on /events: for each of her evenings, round by round, who sat at her table,
 * with their names and pictures, so she can find them again. Members who opted out are not there.
 * It follows the evening: her page's live stream (useMemberEvents) marks it stale at each change.
 */
export function PeopleMet() {
  const { t, i18n } = useTranslation('events')
  const { data, error: failure } = usePeopleMet()
  const error = failure ? failure.message : null
  const day = eveningFormat(i18n.language, { dateStyle: 'long' })
  const events = data?.events ?? null

  return (
    <section aria-labelledby="people-met-heading" className="mt-14">
      <h2 id="people-met-heading" className="font-display text-3xl font-semibold tracking-tight">
        {t('peopleMet.title')}
      </h2>
      <p className="mt-2 text-ink-soft">{t('peopleMet.intro')}</p>
      {error !== null && !events && (
        <div className="mt-6">
          <Alert tone="error">{error || t('peopleMet.loadFailed')}</Alert>
        </div>
      )}
      {events?.length === 0 && (
        <p className="mt-6 rounded-3xl bg-white p-8 text-center text-ink-soft ring-1 ring-ink/5">
          {t('peopleMet.empty')}
        </p>
      )}
      {events && events.length > 0 && (
        <ul className="mt-6 flex flex-col gap-5">
          {events.map((event) => (
            <li key={event.eventId}>
              <article
                aria-labelledby={`met-${event.eventId}`}
                className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-6"
              >
                <h3
                  id={`met-${event.eventId}`}
                  lang={event.textLanguages.eventName}
                  className="font-display text-xl font-semibold"
                >
                  {event.eventName}
                </h3>
                <p className="text-sm text-ink-soft">
                  {day.format(new Date(event.startTime))}
                  {event.placeName && (
                    <>
                      {' · '}
                      <span lang={event.textLanguages.placeName}>{event.placeName}</span>
                    </>
                  )}
                </p>
                <ol className="mt-4 flex flex-col gap-4">
                  {event.rounds.map((round) => (
                    <li key={round.roundNumber}>
                      <h4 className="text-sm font-semibold text-rose-deep">
                        {t('peopleMet.round', {
                          number: round.roundNumber,
                          table: round.tableName,
                        })}
                      </h4>
                      <ul className="mt-2 flex flex-wrap gap-2">
                        {round.people.map((person) => (
                          <li
                            key={person.id}
                            className="flex items-center gap-2 rounded-full bg-cream py-1 pr-4 pl-1 ring-1 ring-ink/5"
                          >
                            <UserAvatar
                              avatarUrl={person.avatarUrl}
                              name={person.fullName}
                              size="small"
                            />
                            <span className="text-sm font-medium">{person.fullName}</span>
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ol>
              </article>
            </li>
          ))}
        </ul>
      )}
      {events && (
        <p className="mt-5 text-sm text-ink-soft">
          {interpolateElement(
            (link) => t('peopleMet.optOutNote', { link }),
            <Link
              href="/account"
              className="font-semibold text-rose-deep underline underline-offset-2"
            >
              {t('peopleMet.optOutLink')}
            </Link>,
          )}
        </p>
      )}
    </section>
  )
}
