import type { AnchorHTMLAttributes } from 'react'
import { useTranslation } from '#web/lib/use-translation.ts'

/** A link that opens in a new tab and tells screen-reader users so. */
export function ExternalLink({ children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const { t } = useTranslation()
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> {t('footer.newTab')}</span>
    </a>
  )
}
