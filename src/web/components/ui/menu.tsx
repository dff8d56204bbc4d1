import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react'
import { Link } from 'wouter'
import { MENU_CLOSE_DELAY_MS } from '#shared/constants.ts'
import {
  focusMenuItem,
  menuItemsIn,
  menuKeyAction,
  triggerClickAction,
  triggerKeyAction,
  type MenuFocus,
} from '#web/lib/menu-keys.ts'

/**
 * A menu button after the WAI-ARIA APG pattern, with SPEC's pointer behaviour: it opens on click
 * or hover and closes 300 ms after the pointer leaves. Written here rather than taken from a
 * library to keep the landing page's JavaScript small (docs/decisions/0004-own-menu-button.md).
 */
export function Menu({
  triggerLabel,
  triggerContent,
  triggerClassName,
  menuLabel,
  menuClassName,
  children,
  status,
  name,
}: {
  triggerLabel: string
  triggerContent: ReactNode
  triggerClassName: string
  menuLabel: string
  menuClassName: string
  /** The items; call `close` after acting on one. */
  children: (close: () => void) => ReactNode
  /**
   * Shown under the items while the menu is open, outside the menu's role (a menu holds only
   * items): what an item just did, in a live region.
   */
  status?: ReactNode
  /** `data-menu` on its root: how a script outside the app finds it (the landing's islands). */
  name?: string
}) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const triggerRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const closeTimer = useRef<number | undefined>(undefined)
  const pendingFocus = useRef<MenuFocus | null>(null)

  const cancelClose = useCallback(() => window.clearTimeout(closeTimer.current), [])
  useEffect(() => cancelClose, [cancelClose])

  const items = () => menuItemsIn(menuRef.current)

  const openWith = (focus: typeof pendingFocus.current) => {
    cancelClose()
    pendingFocus.current = focus
    setOpen(true)
    if (open && focus) moveFocus(focus)
  }
  const close = useCallback(
    (returnFocus = false) => {
      cancelClose()
      setOpen(false)
      if (returnFocus) triggerRef.current?.focus()
    },
    [cancelClose],
  )

  function moveFocus(target: MenuFocus) {
    focusMenuItem(items(), target)
  }

  // Focus moves into the menu only when it was opened by keyboard or touch, never on hover.
  useEffect(() => {
    if (!open || !pendingFocus.current) return
    moveFocus(pendingFocus.current)
    pendingFocus.current = null
  })

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close()
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open, close])

  const hover = {
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return
      cancelClose()
      setOpen(true)
    },
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return
      cancelClose()
      closeTimer.current = window.setTimeout(() => setOpen(false), MENU_CLOSE_DELAY_MS)
    },
  }

  const lastPointer = useRef<string>('')

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    const action = triggerKeyAction(event, open)
    if (action === 'close') close()
    else if (action) openWith(action)
  }

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const closing = menuKeyAction(event, items())
    if (closing) close(closing === 'escape')
  }

  return (
    <div ref={rootRef} className="relative" data-menu={name} {...hover}>
      <button
        ref={triggerRef}
        type="button"
        aria-label={triggerLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-state={open ? 'open' : 'closed'}
        className={triggerClassName}
        onPointerDown={(event) => (lastPointer.current = event.pointerType)}
        onKeyDown={onTriggerKeyDown}
        onClick={() => {
          const action = triggerClickAction(lastPointer.current, open)
          if (action === 'close') close()
          else openWith(action === 'keep' ? null : 'checked')
          lastPointer.current = ''
        }}
      >
        {triggerContent}
      </button>
      {open && (
        <div className={menuClassName}>
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={menuLabel}
            tabIndex={-1}
            onKeyDown={onMenuKeyDown}
          >
            {children(() => close(true))}
          </div>
          {status}
        </div>
      )}
    </div>
  )
}

export function MenuItemRadio({
  checked,
  onSelect,
  className,
  children,
  lang,
}: {
  checked: boolean
  onSelect: () => void
  className: string
  children: ReactNode
  lang?: string
}) {
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      lang={lang}
      className={className}
      onClick={onSelect}
    >
      {children}
    </button>
  )
}

/** A menu item that navigates within the app. */
export function MenuItemLink({
  href,
  onSelect,
  className,
  children,
}: {
  href: string
  onSelect: () => void
  className: string
  children: ReactNode
}) {
  return (
    <Link href={href} role="menuitem" tabIndex={-1} className={className} onClick={onSelect}>
      {children}
    </Link>
  )
}
