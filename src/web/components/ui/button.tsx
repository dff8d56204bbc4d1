import type { ButtonHTMLAttributes } from 'react'

const variants = {
  primary: 'bg-rose-deep text-white shadow-md shadow-rose/20 hover:bg-ink',
  secondary: 'border border-ink/15 bg-white text-ink hover:border-rose/50 hover:text-rose-deep',
  danger: 'bg-ink text-white hover:bg-rose-deep',
}

/** A button that shows `pendingLabel` and stays disabled while its request runs. */
export function Button({
  variant = 'primary',
  pending = false,
  pendingLabel,
  children,
  className = '',
  ...props
}: {
  variant?: keyof typeof variants
  pending?: boolean
  pendingLabel?: string
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      {...props}
      disabled={pending || props.disabled}
      aria-busy={pending || undefined}
      className={`inline-flex h-12 items-center justify-center gap-2 rounded-full px-6 font-semibold transition disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${className}`}
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
