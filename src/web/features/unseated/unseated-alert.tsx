import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { dateLocale } from '#shared/languages.ts'
import { Button } from '#web/components/ui/button.tsx'
import { refresh, useRefreshOnChanges } from '#web/lib/query-client.tsx'
import { eventKeys } from '#web/lib/query-keys.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { addSeat, openTable, unseatedQuery, type UnseatedPerson } from './api/unseated-api.ts'

/** Rows the alert lists; the rest are counted in its title and seated by a new table. */
const SHOWN = 3

/** Who is in with no seat, following every change to any event (the door's check-ins among them). */
export function useUnseated(eventId: string) {
  const loaded = useQuery(unseatedQuery(eventId))
  useRefreshOnChanges('/api/admin/events/live', () => [eventKeys.unseated(eventId)])
  return loaded
}
export type Unseated = ReturnType<typeof useUnseated>

/**
 * The host's alert: someone is in with no seat. It follows every change to any event (the door's
 * check-ins among them) and shows at once wherever she is on the page, with two ways out, each
 * one tap: a chair at the table that takes her best, or a new table for everyone waiting. What
 * a tap did is said where the alert was, and takes focus; "OK" hands focus back to the page.
 * Nothing shows while everyone has a seat, or to a door helper (the server refuses her the list).
 */
export function UnseatedAlert({
  eventId,
  loaded,
  sticky,
  returnFocusTo,
}: {
  eventId: string
  /** The page's `useUnseated(eventId)`: the event page counts the same list in its console. */
  loaded: Unseated
  /** Stays in view under the site header while she scrolls (the event page). */
  sticky: boolean
  /** Where focus goes when she closes the answer (the page's heading, the door's field). */
  returnFocusTo: string
}) {
  const { t, i18n } = useTranslation('events')
  const [busy, setBusy] = useState<string | null>(null)
  const [done, setDone] = useState<{ text: string; tone: 'ok' | 'error' } | null>(null)
  const answer = useRef<HTMLDivElement>(null)
  const time = useMemo(
    () => new Intl.DateTimeFormat(dateLocale(i18n.language), { timeStyle: 'short' }),
    [i18n.language],
  )
  const list = useMemo(
    () => new Intl.ListFormat(dateLocale(i18n.language), { type: 'conjunction' }),
    [i18n.language],
  )

  // The answer to her tap takes focus where the button was: the row she tapped may be gone.
  useEffect(() => {
    if (!done || !answer.current) return
    answer.current.focus({ preventScroll: true })
    answer.current.scrollIntoView({ block: 'nearest', behavior: 'instant' })
  }, [done])

  const people = loaded.data?.people ?? []
  if (people.length === 0 && !done) return null

  async function seatAt(person: UnseatedPerson, tableId: string) {
    setBusy(`seat-${person.userId}`)
    const result = await addSeat(eventId, person.userId, tableId)
    // Refused (taken meanwhile): the list as it is now.
    if (!result.ok) await refresh(eventKeys.unseated(eventId))
    setBusy(null)
    setDone(
      result.ok
        ? {
            tone: 'ok',
            text: t('unseated.seated', {
              name: result.data.person.label,
              table: result.data.seat.tableName,
              seats: result.data.capacityActual,
            }),
          }
        : { tone: 'error', text: result.message || t('door.failed') },
    )
  }

  async function newTable() {
    setBusy('new-table')
    const result = await openTable(eventId)
    if (!result.ok) await refresh(eventKeys.unseated(eventId))
    setBusy(null)
    setDone(
      result.ok
        ? {
            tone: 'ok',
            text: t('unseated.opened', {
              table: result.data.table.tableName,
              names: list.format(result.data.people.map((p) => p.label)),
            }),
          }
        : { tone: 'error', text: result.message || t('door.failed') },
    )
  }

  function close() {
    setDone(null)
    const next =
      document.getElementById('unseated-first-action') ?? document.getElementById(returnFocusTo)
    next?.focus()
  }

  return (
    <section
      aria-label={t('unseated.title', { count: people.length })}
      data-testid="unseated-alert"
      className={sticky ? 'sticky top-16 z-30 mx-auto w-full max-w-6xl px-3 pt-3 sm:px-8' : ''}
    >
      <div className="flex flex-col gap-3 rounded-3xl bg-gold-light p-4 shadow-lg ring-1 shadow-ink/10 ring-ink/10 sm:p-5">
        {done && (
          <div
            ref={answer}
            tabIndex={-1}
            role={done.tone === 'ok' ? 'status' : 'alert'}
            className={`flex flex-wrap items-center gap-3 rounded-2xl px-4 py-3 font-semibold outline-none focus-visible:outline-3 focus-visible:outline-rose-deep ${done.tone === 'ok' ? 'surface-dark bg-sage-deep text-cream' : 'surface-dark bg-rose-deep text-white'}`}
          >
            <p className="min-w-0 flex-1">{done.text}</p>
            <Button type="button" variant="secondary" size="sm" onClick={close}>
              {t('unseated.close')}
            </Button>
          </div>
        )}
        {people.length > 0 && (
          <>
            <h2 className="font-display text-xl font-semibold">
              {t('unseated.title', { count: people.length })}
            </h2>
            <ul className="flex flex-col gap-2">
              {people.slice(0, SHOWN).map((person, index) => (
                <li
                  key={person.userId}
                  className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-2xl bg-white/70 px-3 py-2.5"
                >
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{person.label}</p>
                    {person.checkedInAt && (
                      <p className="text-sm text-ink-soft">
                        {t('unseated.since', { time: time.format(new Date(person.checkedInAt)) })}
                      </p>
                    )}
                  </div>
                  {person.suggestedTable ? (
                    <Button
                      id={index === 0 ? 'unseated-first-action' : undefined}
                      type="button"
                      variant="solid"
                      size="row"
                      pending={busy === `seat-${person.userId}`}
                      disabled={busy !== null}
                      aria-label={t('unseated.addSeatLabel', {
                        table: person.suggestedTable.tableName,
                        name: person.label,
                      })}
                      onClick={() =>
                        person.suggestedTable && void seatAt(person, person.suggestedTable.tableId)
                      }
                    >
                      {t('unseated.addSeat', { table: person.suggestedTable.tableName })}
                    </Button>
                  ) : (
                    <p className="text-sm">{t('unseated.noTable')}</p>
                  )}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Button
                type="button"
                variant="outline"
                size="row"
                pending={busy === 'new-table'}
                disabled={busy !== null}
                onClick={() => void newTable()}
              >
                {t('unseated.newTable')}
              </Button>
              <p className="text-sm text-ink-soft">
                {t('unseated.newTableHint', { seats: loaded.data?.newTableSeats ?? 0 })}
              </p>
            </div>
          </>
        )}
      </div>
    </section>
  )
}
