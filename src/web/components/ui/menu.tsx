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
}) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const triggerRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const closeTimer = useRef<number | undefined>(undefined)
  const pendingFocus = useRef<'first' | 'last' | 'checked' | null>(null)

  const cancelClose = useCallback(() => window.clearTimeout(closeTimer.current), [])
  useEffect(() => cancelClose, [cancelClose])

  const items = () => [
    ...(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []),
  ]
  const focusItem = (index: number) => {
    const all = items()
    all[(index + all.length) % all.length]?.focus()
  }

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

  function moveFocus(target: 'first' | 'last' | 'checked') {
    const all = items()
    if (target === 'last') all.at(-1)?.focus()
    else if (target === 'checked')
      (all.find((el) => el.getAttribute('aria-checked') === 'true') ?? all[0])?.focus()
    else all[0]?.focus()
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
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault()
      openWith('checked')
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      openWith('last')
    } else if (event.key === 'Escape' && open) {
      close()
    }
  }

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = items()
    const index = all.indexOf(document.activeElement as HTMLElement)
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        focusItem(index + 1)
        break
      case 'ArrowUp':
        event.preventDefault()
        focusItem(index - 1)
        break
      case 'Home':
        event.preventDefault()
        focusItem(0)
        break
      case 'End':
        event.preventDefault()
        focusItem(-1)
        break
      case 'Escape':
        event.preventDefault()
        close(true)
        break
      case 'Tab':
        close()
        break
      default:
        if (event.key.length === 1 && /\S/.test(event.key)) {
          const key = event.key.toLowerCase()
          const after = [...all.slice(index + 1), ...all.slice(0, index + 1)]
          after.find((el) => el.textContent?.trim().toLowerCase().startsWith(key))?.focus()
        }
    }
  }

  return (
    <div ref={rootRef} className="relative" {...hover}>
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
          // With a mouse, hover has already opened the menu, so a click keeps it open rather than toggling it shut.
          if (lastPointer.current === 'mouse') openWith(null)
          else if (open) close()
          else openWith('checked')
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
