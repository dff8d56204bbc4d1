import { useState } from 'react'
import { useTranslation } from '#web/lib/use-translation.ts'
import { changeSeating, type EventDetail, type EventRound } from '../api/admin-events-api.ts'
import type { EventActions } from '../use-event-actions.ts'
import type { ParticipantLabels } from '../use-participant-labels.ts'

/**
 * A round's tables and who sits where. Editable rounds: select a person, then another person to
 * swap them, or a table with a free seat to move her there (late arrivals too). Works by tap.
 */
export function SeatingBoard({
  detail,
  round,
  editable,
  people,
  actions,
}: {
  detail: EventDetail
  round: EventRound
  editable: boolean
  people: ParticipantLabels
  actions: EventActions
}) {
  const { t } = useTranslation('events')
  const [selected, setSelected] = useState<string | null>(null)
  const nameOf = people.labelOf
  // A person's button, to keep focus on her when she moves to another table.
  const buttonId = (userId: string) => `seat-${round.id}-${userId}`
  const where = `round-${round.id}`
  const seatOf = new Map(round.seats.map((seat) => [seat.userId, seat.tableId]))
  // Pairs the host wants apart who sit at one table anyway (after a swap, or a pair added later).
  const brokenAt = (tableId: string) =>
    detail.keepApart.filter(
      (pair) => seatOf.get(pair.userA) === tableId && seatOf.get(pair.userB) === tableId,
    )
  const pairNames = (pair: { userA: string; userB: string }) => {
    const [a = '', b = ''] = people.sorted([pair.userA, pair.userB], (userId) => userId).map(nameOf)
    return { a, b }
  }
  const unseated = editable
    ? people.sorted(
        detail.participants.filter((p) => p.status === 'present' && !seatOf.has(p.userId)),
        (p) => p.userId,
      )
    : []

  async function change(userId: string, call: Parameters<EventActions['run']>[1]) {
    const result = await actions.run(where, call)
    if (result.ok) actions.focusSoon(buttonId(userId))
  }

  async function pick(userId: string) {
    if (!editable) return
    if (selected === null) {
      setSelected(userId)
      return
    }
    if (selected === userId) {
      setSelected(null)
      return
    }
    const first = selected
    setSelected(null)
    if (seatOf.has(first) && seatOf.has(userId))
      await change(userId, () =>
        changeSeating(detail.event.id, round.id, { action: 'swap', userA: first, userB: userId }),
      )
    else setSelected(userId)
  }

  const personButton = (userId: string, apart = false) => {
    const name = nameOf(userId)
    const isSelected = selected === userId
    // The table's warning line says who; the mark only points at them.
    const mark = apart && (
      <span aria-hidden="true" className="ml-1.5 font-bold text-rose-deep">
        ≠
      </span>
    )
    return editable ? (
      <button
        id={buttonId(userId)}
        type="button"
        aria-pressed={isSelected}
        aria-label={isSelected ? t('rounds.selected', { name }) : t('rounds.select', { name })}
        onClick={() => void pick(userId)}
        className={`min-h-11 w-full rounded-lg px-2.5 py-1.5 text-left text-sm transition sm:min-h-0 ${isSelected ? 'bg-rose-deep font-semibold text-white [&>span]:text-white' : 'hover:bg-blush/60'}`}
      >
        {name}
        {mark}
      </button>
    ) : (
      <span className="block px-2.5 py-1.5 text-sm">
        {name}
        {mark}
      </span>
    )
  }

  return (
    <div className="mt-4">
      {editable && (
        <p className="mb-3 text-xs text-ink-soft">
          {selected ? (
            <>
              {t('rounds.selected', { name: nameOf(selected) })} ·{' '}
              <button
                type="button"
                className="font-semibold text-rose-deep underline underline-offset-2"
                onClick={() => setSelected(null)}
              >
                {t('rounds.cancelSelection')}
              </button>
            </>
          ) : (
            t('rounds.selectHint')
          )}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {detail.tables.map((table) => {
          const seated = people.sorted(
            round.seats.filter((seat) => seat.tableId === table.id),
            (seat) => seat.userId,
          )
          const broken = brokenAt(table.id)
          const apart = new Set(broken.flatMap((pair) => [pair.userA, pair.userB]))
          const canMoveHere =
            selected !== null &&
            seatOf.get(selected) !== table.id &&
            seated.length < table.capacityActual
          return (
            <div
              key={table.id}
              role="group"
              aria-label={table.tableName}
              className={`rounded-xl bg-white p-3 ${broken.length ? 'ring-2 ring-rose-deep/60' : 'ring-1 ring-ink/5'}`}
            >
              <div className="mb-1 flex items-center justify-between px-2.5">
                <p className="font-semibold">{table.tableName}</p>
                <p className="text-xs text-ink-soft tabular-nums">
                  {t('rounds.tableLoad', { count: seated.length, seats: table.capacityActual })}
                </p>
              </div>
              {broken.map((pair) => (
                <p
                  key={pair.id}
                  className="mx-2.5 mb-1.5 rounded-lg bg-blush/60 px-2.5 py-1.5 text-xs font-semibold text-rose-deep"
                >
                  {t('rounds.brokenPair', pairNames(pair))}
                </p>
              ))}
              <ul>
                {seated.map((seat) => (
                  <li key={seat.userId}>{personButton(seat.userId, apart.has(seat.userId))}</li>
                ))}
              </ul>
              {canMoveHere && (
                <button
                  type="button"
                  className="mt-2 min-h-11 w-full rounded-lg border border-dashed border-rose/50 px-2.5 py-1.5 text-sm font-semibold text-rose-deep hover:bg-blush/40 sm:min-h-0"
                  aria-label={t('rounds.moveHereLabel', {
                    name: nameOf(selected),
                    table: table.tableName,
                  })}
                  onClick={() => {
                    const userId = selected
                    setSelected(null)
                    void change(userId, () =>
                      changeSeating(detail.event.id, round.id, {
                        action: 'move',
                        userId,
                        tableId: table.id,
                      }),
                    )
                  }}
                >
                  {t('rounds.moveHere')}
                </button>
              )}
            </div>
          )
        })}
      </div>
      {unseated.length > 0 && (
        <div
          role="group"
          aria-label={t('rounds.unseated')}
          className="mt-4 rounded-xl bg-sand/60 p-3"
        >
          <p className="px-2.5 font-semibold">{t('rounds.unseated')}</p>
          <p className="px-2.5 text-xs text-ink-soft">{t('rounds.unseatedHint')}</p>
          <ul className="mt-1 grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
            {unseated.map((p) => (
              <li key={p.userId}>{personButton(p.userId)}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
