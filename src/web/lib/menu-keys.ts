/**
 * The menu button's rules (WAI-ARIA APG menu button, with SPEC's pointer behaviour), in plain
 * DOM code: the app's Menu (components/ui/menu.tsx) and the landing page's island
 * (islands/menu.ts) both act through these, so a change to how the menu answers a key or a
 * click is made once (decision 95 drew the islands without React).
 */

/** Where focus goes when the menu opens: its first item, its last, or the one checked. */
export type MenuFocus = 'first' | 'last' | 'checked'

/** The menu's items, in order. */
export const menuItemsIn = (menu: Element | null | undefined): HTMLElement[] => [
  ...(menu?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []),
]

/** Focuses the item the menu opens on. */
export function focusMenuItem(items: HTMLElement[], target: MenuFocus): void {
  if (target === 'last') items.at(-1)?.focus()
  else if (target === 'checked')
    (items.find((item) => item.getAttribute('aria-checked') === 'true') ?? items[0])?.focus()
  else items[0]?.focus()
}

/**
 * A key on the menu button: Enter, Space and ArrowDown open the menu on the checked item,
 * ArrowUp on the last; Escape closes an open one. Undefined for any other key.
 */
export function triggerKeyAction(
  event: Pick<KeyboardEvent, 'key' | 'preventDefault'>,
  open: boolean,
): MenuFocus | 'close' | undefined {
  if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
    event.preventDefault()
    return 'checked'
  }
  if (event.key === 'ArrowUp') {
    event.preventDefault()
    return 'last'
  }
  return event.key === 'Escape' && open ? 'close' : undefined
}

/**
 * A click on the menu button, by the pointer that pressed it (empty for a keyboard's click):
 * with a mouse, hover has opened the menu already, so the click keeps it open (`keep`) rather
 * than shutting it; otherwise it toggles, opening on the checked item.
 */
export function triggerClickAction(lastPointer: string, open: boolean): 'keep' | 'close' | 'open' {
  if (lastPointer === 'mouse') return 'keep'
  return open ? 'close' : 'open'
}

/**
 * A key inside the open menu: the arrows (wrapping round), Home and End move focus among the
 * items and a typed letter to the next item starting with it; the answer says whether the menu
 * closes: `escape` (focus back on the button) or `tab` (focus moves on by itself).
 */
export function menuKeyAction(
  event: Pick<KeyboardEvent, 'key' | 'preventDefault'>,
  items: HTMLElement[],
): 'escape' | 'tab' | undefined {
  const index = items.indexOf(document.activeElement as HTMLElement)
  const moves: Record<string, number> = {
    ArrowDown: index + 1,
    ArrowUp: index - 1,
    Home: 0,
    End: -1,
  }
  const move = moves[event.key]
  if (move !== undefined) {
    event.preventDefault()
    items[(move + items.length) % items.length]?.focus()
  } else if (event.key === 'Escape') {
    event.preventDefault()
    return 'escape'
  } else if (event.key === 'Tab') {
    return 'tab'
  } else if (event.key.length === 1 && /\S/.test(event.key)) {
    const key = event.key.toLowerCase()
    const after = [...items.slice(index + 1), ...items.slice(0, index + 1)]
    after.find((item) => item.textContent?.trim().toLowerCase().startsWith(key))?.focus()
  }
  return undefined
}
