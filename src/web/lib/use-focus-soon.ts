import { useCallback, useEffect, useState } from 'react'

/**
 * `focusSoon(...ids)` moves focus, once the next render is on screen, to the first of these
 * elements (by id) that is there: a button that had focus and went away would otherwise leave
 * it on <body>.
 */
export function useFocusSoon(): (...ids: string[]) => void {
  const [focus, setFocus] = useState<{ ids: string[] } | null>(null)
  useEffect(() => {
    if (!focus) return
    for (const id of focus.ids) {
      const element = document.getElementById(id)
      if (element) {
        element.focus()
        break
      }
    }
  }, [focus])
  return useCallback((...ids: string[]) => setFocus({ ids }), [])
}
