import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * Whether she has put focus somewhere outside `from` since it had it: on an element that is still
 * on the page (not <body>, where a button that went away leaves it, nor a dialog that is closing).
 * A step that ends later (a request) then leaves focus where she put it.
 */
export function movedOn(from: Element | null): boolean {
  const active = document.activeElement
  return (
    !!active &&
    active !== document.body &&
    !from?.contains(active) &&
    active.isConnected &&
    !active.closest('dialog, [role="dialog"], [role="alertdialog"]')
  )
}

/** A dialog's own control (a confirm's button): when the dialog closes, focus goes back to its opener. */
const inDialog = (element: Element) =>
  !!element.closest('dialog, [role="dialog"], [role="alertdialog"]')

/**
 * `focusSoon(...ids)` moves focus, once the next render is on screen, to the first of these
 * elements (by id) that is there: a button that had focus and went away would otherwise leave
 * it on <body>. If she moves focus herself before then, it stays where she put it: "before" counts
 * from where focus was when `startedFrom` says the step began (a step that waited for an answer,
 * useFocusAfterSteps), else from where it is when focusSoon is called.
 */
export function useFocusSoon(startedFrom?: () => Element | null): (...ids: string[]) => void {
  const [focus, setFocus] = useState<{ ids: string[]; from: Element | null } | null>(null)
  useEffect(() => {
    if (!focus || movedOn(focus.from)) return
    for (const id of focus.ids) {
      const element = document.getElementById(id)
      if (element) {
        element.focus()
        break
      }
    }
  }, [focus])
  return useCallback(
    (...ids: string[]) => {
      const started = startedFrom?.() ?? null
      // A step begun in a dialog ended with the dialog: focus is back on its opener, which counts.
      const from = started && !inDialog(started) ? started : document.activeElement
      setFocus({ ids, from })
    },
    [startedFrom],
  )
}

/**
 * focusSoon for steps that wait for an answer (a request). `during(step)` runs one and keeps where
 * focus was as it began, until the end of the task in which its answer comes: a focusSoon called
 * then, as the answer comes, leaves focus alone if she has gone on to something else while she
 * waited (tabbed on, opened another part of the page); if she stayed, or the button she pressed
 * went away, focus moves on as asked.
 */
export function useFocusAfterSteps(): {
  during: <T>(step: () => Promise<T>) => Promise<T>
  focusSoon: (...ids: string[]) => void
} {
  const origin = useRef<Element | null>(null)
  const focusSoon = useFocusSoon(useCallback(() => origin.current, []))
  const during = useCallback(async <T>(step: () => Promise<T>) => {
    const started = document.activeElement
    origin.current = started
    try {
      return await step()
    } finally {
      setTimeout(() => {
        if (origin.current === started) origin.current = null
      })
    }
  }, [])
  return { during, focusSoon }
}
