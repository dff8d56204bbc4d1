const SIZES = {
  small: { px: 28, box: 'size-7', initial: 'text-xs font-bold', ring: '' },
  medium: { px: 40, box: 'size-10', initial: 'text-sm font-bold', ring: '' },
  large: { px: 96, box: 'size-24', initial: 'font-display text-4xl', ring: 'ring-4 ring-blush' },
}

/** The member's picture, or the first letter of her name where she has none. */
export function UserAvatar({
  avatarUrl,
  name,
  size,
  alt = '',
}: {
  avatarUrl: string | null
  name: string
  size: keyof typeof SIZES
  /** Empty where the name is already said next to it. */
  alt?: string
}) {
  const s = SIZES[size]
  return avatarUrl ? (
    <img
      src={avatarUrl}
      alt={alt}
      width={s.px}
      height={s.px}
      className={`${s.box} rounded-full object-cover ${s.ring}`}
    />
  ) : (
    <span
      aria-hidden="true"
      className={`grid ${s.box} place-items-center rounded-full bg-rose-deep text-white uppercase ${s.initial}`}
    >
      {name.charAt(0)}
    </span>
  )
}
