import { EVENING_CLOSING_MS } from '#shared/constants.ts'
import { RoomFigures } from '#web/components/ui/room-figures.tsx'
import { UserAvatar } from '#web/components/ui/user-avatar.tsx'
import { useNow } from '#web/lib/use-now.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import type { MemberEvent, MemberEventList } from '../api/member-events-api.ts'
import { usePeopleMet } from '../use-people-met.ts'
import { NextEvening } from './next-evening.tsx'

type Ended = NonNullable<MemberEventList['ended']>

/**
 * Her phone once the host has ended the evening she came to (decision 63): thanks, the
 * evening's name, what the room did, whom she met tonight, and her next evening with a way to
 * it (its card, further down the page). Shown for 12 hours after the end. Without `next` (on
 * /home, whose "Your next evening" follows it at once) the next evening is left to the page.
 */
export function EveningOver({ ended, next }: { ended: Ended; next?: MemberEvent | null }) {
  const { t } = useTranslation('events')
  const now = useNow(60_000)
  const met = usePeopleMet().data?.events.find((event) => event.eventId === ended.id)
  if (now >= new Date(ended.endedAt).getTime() + EVENING_CLOSING_MS) return null
  // Each person once, however many rounds she sat with her.
  const people = [
    ...new Map(
      (met?.rounds ?? []).flatMap((round) => round.people).map((person) => [person.id, person]),
    ).values(),
  ]
  const nextHref = next ? `#member-event-${next.id}` : ''
  const nextAction = next
    ? next.registration === 'registered' || next.registration === 'present'
      ? { note: t('closing.registered'), link: t('closing.details') }
      : next.registration === 'waiting'
        ? { note: t('closing.waiting'), link: t('closing.details') }
        : { note: null, link: t('closing.register') }
    : null
  const linkClass =
    'mt-2 inline-block font-semibold text-rose-deep underline underline-offset-4 hover:text-ink'

  return (
    <section
      aria-labelledby="evening-over-heading"
      data-testid="evening-over"
      className="overflow-hidden rounded-3xl bg-white shadow-xl ring-1 shadow-rose/10 ring-ink/5"
    >
      <div className="bg-blush/60 px-6 pt-7 pb-6 text-center sm:px-8">
        <p
          lang={ended.textLanguages.eventName}
          className="text-sm font-semibold tracking-[0.16em] text-rose-deep uppercase"
        >
          {ended.eventName}
        </p>
        <h2
          id="evening-over-heading"
          className="mt-2 font-display text-3xl font-semibold tracking-tight text-balance"
        >
          {t('closing.title')}
        </h2>
        {ended.newAcquaintances > 0 && <RoomFigures closing={ended} size="phone" />}
      </div>
      <div className="flex flex-col gap-6 px-6 py-6 sm:px-8">
        <div>
          <h3 className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
            {t('closing.youMet')}
          </h3>
          {people.length > 0 ? (
            <ul className="mt-3 flex flex-wrap gap-2" data-testid="evening-over-people">
              {people.map((person) => (
                <li
                  key={person.id}
                  className="flex items-center gap-2 rounded-full bg-cream py-1 pr-4 pl-1 ring-1 ring-ink/5"
                >
                  <UserAvatar avatarUrl={person.avatarUrl} name={person.fullName} size="small" />
                  <span className="text-sm font-medium">{person.fullName}</span>
                </li>
              ))}
            </ul>
          ) : (
            met !== undefined && <p className="mt-2 text-ink-soft">{t('closing.nobodyMet')}</p>
          )}
        </div>
        {next !== undefined && (
          <div>
            <h3 className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
              {t('closing.next')}
            </h3>
            {next && nextAction ? (
              <>
                <NextEvening event={next} className="mt-2" />
                {nextAction.note && <p className="mt-1 text-sage-deep">{nextAction.note}</p>}
                <a href={nextHref} className={linkClass}>
                  {nextAction.link}
                </a>
              </>
            ) : (
              <p className="mt-2 text-ink-soft">{t('home.noEvening')}</p>
            )}
          </div>
        )}
      </div>
    </section>
  )
}
