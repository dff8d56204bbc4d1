import type { ButtonHTMLAttributes, Ref } from 'react'
import { useHydrated } from '#web/lib/use-hydrated.ts'

const variants = {
  /** The page's main action. */
  primary: 'bg-rose-deep text-white shadow-md shadow-rose/20 hover:bg-ink',
  /** A second action on a light surface. */
  secondary: 'border border-ink/15 bg-white text-ink hover:border-rose/50 hover:text-rose-deep',
  /** Dark: a deliberate step (start, add, delete for good). */
  solid: 'bg-ink text-white hover:bg-rose-deep',
  /** Rose without the shadow: a compact main action (the event page's "open the round panel"). */
  accent: 'bg-rose-deep text-white',
  /** Outlined on whatever surface it sits on. */
  outline: 'border border-ink/15 hover:border-rose/50 hover:text-rose-deep',
  /** Text only, for actions on list rows. */
  quiet: 'text-rose-deep hover:bg-blush/60',
  /** Text only, for a row's action that cannot be taken back (with an icon, set apart). */
  danger: 'text-rose-deep hover:bg-blush/80 hover:text-ink',
}

const sizes = {
  /** Forms' submit and the pages' actions. */
  lg: 'h-12 px-6 disabled:opacity-60',
  /** Compact text at a form field's height, beside one. */
  field: 'h-12 px-5 text-sm disabled:opacity-50',
  /** The toolbar of a page (the event page's header). */
  md: 'h-11 px-5 text-sm disabled:opacity-50',
  /** Actions on list rows and cards. */
  sm: 'h-9 px-3.5 text-sm disabled:opacity-50',
  /** Actions on list rows a thumb taps: 44 px high on a phone, compact from a tablet up. */
  row: 'h-11 px-4 text-sm sm:h-9 sm:px-3.5 disabled:opacity-50',
  /** Actions in a table's rows. */
  xs: 'h-8 px-3 text-sm disabled:opacity-50',
}

export type ButtonVariant = keyof typeof variants
export type ButtonSize = keyof typeof sizes

/**
 * The classes of a button, for a link that looks like one. Only colours fade (hover): a button
 * the app enables is at full strength at once. Fading in from its disabled look, it stayed
 * half-transparent in a section the browser had not drawn yet (`render-when-near`): white on pale
 * rose, below the contrast people need.
 */
export const buttonClass = ({
  variant = 'primary',
  size = 'lg',
}: { variant?: ButtonVariant; size?: ButtonSize } = {}) =>
  `inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${sizes[size]} ${variants[variant]}`

/**
 * A button that shows `pendingLabel` and refuses presses while its request runs. It stays
 * focusable meanwhile (aria-disabled, not disabled): a disabled button loses focus to <body>,
 * and she would have to find her place again when the answer comes. A refused click also stops
 * a form's implicit submission (Enter in a field) from sending twice.
 *
 * On a prerendered page it is disabled until the app has taken the page over: before that, a
 * press would do nothing, or send the form the browser's way (a password in the address).
 * `worksBeforeHydration`: a form that posts to a server route of its own is meant to be sent the
 * browser's way meanwhile (the landing page's newsletter form).
 */
export function Button({
  variant = 'primary',
  size = 'lg',
  pending = false,
  pendingLabel,
  worksBeforeHydration = false,
  children,
  className = '',
  ...props
}: {
  variant?: ButtonVariant
  size?: ButtonSize
  pending?: boolean
  pendingLabel?: string
  worksBeforeHydration?: boolean
  ref?: Ref<HTMLButtonElement>
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  const hydrated = useHydrated()
  return (
    <button
      {...props}
      // Pending wins over disabled: a caller that disables every button while one works must
      // not take focus from the one she pressed.
      disabled={(!hydrated && !worksBeforeHydration) || (pending ? undefined : props.disabled)}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault()
        else props.onClick?.(event)
      }}
      aria-busy={pending || undefined}
      className={`${buttonClass({ variant, size })} ${className}`}
    >
      {pending && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
        />
      )}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  )
}
