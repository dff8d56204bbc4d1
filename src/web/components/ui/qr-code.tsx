import { useMemo } from 'react'
import { qrModules } from '../../lib/qr-modules.ts'

/** The dark modules as one path: a rectangle per run of dark modules in a row. */
function darkModulesPath(modules: boolean[][]) {
  let d = ''
  modules.forEach((row, y) => {
    let x = 0
    while (x < row.length) {
      if (!row[x]) {
        x++
        continue
      }
      const start = x
      while (row[x]) x++
      d += `M${start} ${y}h${x - start}v1h${start - x}z`
    }
  })
  return d
}

/**
 * A QR code of `value`, dark on white with its quiet zone, drawn as SVG. The rendered size is
 * `size` rounded to a whole number of pixels per module, so no module is blurred by an edge that
 * falls between two pixels.
 */
export function QrCode({
  value,
  label,
  size = 192,
  className = '',
}: {
  value: string
  label: string
  size?: number
  className?: string
}) {
  const modules = useMemo(() => qrModules(value), [value])
  const path = useMemo(() => darkModulesPath(modules), [modules])
  const count = modules.length
  const pixels = Math.max(1, Math.round(size / count)) * count
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${count} ${count}`}
      width={pixels}
      height={pixels}
      shapeRendering="crispEdges"
      className={`shrink-0 bg-white ${className}`}
    >
      <rect width={count} height={count} fill="#ffffff" />
      <path d={path} fill="#1a1320" />
    </svg>
  )
}
