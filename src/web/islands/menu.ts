import { MENU_CLOSE_DELAY_MS } from '#shared/constants.ts'
import {
  focusMenuItem,
  menuItemsIn,
  menuKeyAction,
  triggerClickAction,
  triggerKeyAction,
  type MenuFocus,
} from '../lib/menu-keys.ts'

/**
 * A header menu button in plain DOM code, as the app's Menu (components/ui/menu.tsx) behaves:
 * the WAI-ARIA APG menu button, opening on a click or a mouse's hover and closing 300 ms after
 * the pointer leaves; Enter, Space and the arrows open it with focus on the current item; in
 * the menu, the arrows, Home, End, Escape, Tab and a typed letter. Its prerendered root
 * (`data-menu="<name>"`) holds the trigger; the popup is drawn here when it opens.
 */
export function menuButton({
  root,
  menuLabel,
  menuClass,
  items,
}: {
  root: HTMLElement
  menuLabel: string
  menuClass: string
  /** The items, drawn anew each time it opens; `close` returns focus to the trigger. */
  items: (close: (returnFocus?: boolean) => void) => HTMLElement[]
}): void {
  const trigger = root.querySelector<HTMLButtonElement>(':scope > button')
  if (!trigger) return
  const menuId = `${root.dataset.menu ?? 'menu'}-island-menu`
  let popup: HTMLElement | null = null
  let closeTimer: number | undefined
  let lastPointer = ''

  const all = () => menuItemsIn(popup?.querySelector('[role="menu"]'))
  const cancelClose = () => window.clearTimeout(closeTimer)

  const close = (returnFocus = false) => {
    cancelClose()
    if (popup) {
      popup.remove()
      popup = null
      trigger.setAttribute('aria-expanded', 'false')
      trigger.removeAttribute('aria-controls')
      trigger.dataset.state = 'closed'
      document.removeEventListener('pointerdown', outside)
    }
    if (returnFocus) trigger.focus()
  }
  const outside = (event: PointerEvent) => {
    if (!root.contains(event.target as Node)) close()
  }
  const open = () => {
    if (popup) return
    popup = document.createElement('div')
    popup.className = menuClass
    const list = document.createElement('div')
    list.id = menuId
    list.setAttribute('role', 'menu')
    list.setAttribute('aria-label', menuLabel)
    list.tabIndex = -1
    list.addEventListener('keydown', onMenuKey)
    list.append(...items(close))
    popup.append(list)
    root.append(popup)
    trigger.setAttribute('aria-expanded', 'true')
    trigger.setAttribute('aria-controls', menuId)
    trigger.dataset.state = 'open'
    document.addEventListener('pointerdown', outside)
  }
  const openWith = (focus: MenuFocus | null) => {
    cancelClose()
    open()
    if (focus) focusMenuItem(all(), focus)
  }

  function onMenuKey(event: KeyboardEvent) {
    const closing = menuKeyAction(event, all())
    if (closing) close(closing === 'escape')
  }

  root.addEventListener('pointerenter', (event) => {
    if (event.pointerType !== 'mouse') return
    cancelClose()
    open()
  })
  root.addEventListener('pointerleave', (event) => {
    if (event.pointerType !== 'mouse') return
    cancelClose()
    closeTimer = window.setTimeout(() => close(), MENU_CLOSE_DELAY_MS)
  })
  trigger.addEventListener('pointerdown', (event) => (lastPointer = event.pointerType))
  trigger.addEventListener('keydown', (event) => {
    const action = triggerKeyAction(event, popup !== null)
    if (action === 'close') close()
    else if (action) openWith(action)
  })
  trigger.addEventListener('click', () => {
    const action = triggerClickAction(lastPointer, popup !== null)
    if (action === 'close') close()
    else openWith(action === 'keep' ? null : 'checked')
    lastPointer = ''
  })
}
