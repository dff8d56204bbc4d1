import type { ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import type { ApiResult } from '#web/lib/call-api.ts'
import type { EventActions } from '../use-event-actions.ts'

/**
 * A record's one button for the host ("Clear" a no-show, "Waive" a late cancellation): once it
 * went, its answer stands in its place and takes the focus, so a keyboard or screen reader user
 * hears what happened where she was. `where` names the row (its pending state and its error).
 */
export function AnswerInPlace<T>({
  where,
  answered,
  answer,
  label,
  children,
  actions,
  act,
}: {
  where: string
  answered: boolean
  /** What stands in the button's place once it went. */
  answer: string
  /** The button's spoken name (with the person's name). */
  label: string
  children: ReactNode
  actions: EventActions
  act: () => Promise<ApiResult<T>>
}) {
  if (answered)
    return (
      <span
        id={`${where}-answered`}
        tabIndex={-1}
        className="rounded-full bg-ink/5 px-2.5 py-0.5 text-xs font-semibold text-ink-soft"
      >
        {answer}
      </span>
    )
  return (
    <Button
      type="button"
      variant="outline"
      size="row"
      aria-label={label}
      onClick={async () => {
        const done = await actions.run(where, act)
        if (done.ok) actions.focusSoon(`${where}-answered`)
      }}
    >
      {children}
    </Button>
  )
}
