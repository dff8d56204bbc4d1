import { useEffect } from 'react'

/** Sets the tab title and, when given, the meta description (search results, link previews). */
export function useDocumentTitle(title: string, description?: string) {
  useEffect(() => {
    document.title = title
    if (description)
      document.querySelector('meta[name="description"]')?.setAttribute('content', description)
  }, [title, description])
}
