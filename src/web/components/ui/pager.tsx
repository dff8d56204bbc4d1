import { Button } from './button.tsx'

/** Previous and next under a paged list, with where she is ("Page 2 of 5"); nothing for one page. */
export function Pager({
  page,
  pages,
  onPage,
  label,
  previous,
  next,
  position,
}: {
  page: number
  pages: number
  onPage: (page: number) => void
  /** The navigation's name ("Pages of the users list"). */
  label: string
  previous: string
  next: string
  /** "Page 2 of 5", in her language. */
  position: string
}) {
  if (pages <= 1) return null
  return (
    <nav className="mt-6 flex items-center justify-center gap-4" aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous}
      </Button>
      <span className="text-sm text-ink-soft tabular-nums">{position}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {next}
      </Button>
    </nav>
  )
}
