import { useCallback, useEffect, useState } from 'react'

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

/**
 * `focusSoon(...ids)` moves focus, once the next render is on screen, to the first of these
 * elements (by id) that is there: a button that had focus and went away would otherwise leave
 * it on <body>. If she moves focus herself before then, it stays where she put it.
 */
export function useFocusSoon(): (...ids: string[]) => void {
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
  return useCallback((...ids: string[]) => setFocus({ ids, from: document.activeElement }), [])
}
