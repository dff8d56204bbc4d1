import i18n, { type FlatNamespace } from 'i18next'
import { useEffect, useReducer } from 'react'

const loading = new Map<string, Promise<void>>()

/**
 * The React binding for i18next, in a few lines instead of react-i18next's few kilobytes (it sat
 * on the landing page's first load; docs/decisions/0009-own-i18next-binding.md). Suspends until
 * the namespaces are loaded for the current language, and re-renders when the language changes.
 */
export function useTranslation<
  const Ns extends FlatNamespace | readonly FlatNamespace[] = 'common',
>(namespaces?: Ns) {
  const list = (
    namespaces === undefined ? ['common'] : Array.isArray(namespaces) ? namespaces : [namespaces]
  ) as string[]
  const [, rerender] = useReducer((n: number) => n + 1, 0)

  useEffect(() => {
    i18n.on('languageChanged', rerender)
    return () => i18n.off('languageChanged', rerender)
  }, [])

  const missing = list.filter((ns) => !i18n.hasLoadedNamespace(ns))
  if (missing.length > 0) {
    const key = `${i18n.language}|${missing.join(',')}`
    let pending = loading.get(key)
    if (!pending) {
      pending = i18n.loadNamespaces(missing).finally(() => loading.delete(key))
      loading.set(key, pending)
    }
    // Suspense waits for the texts, as react-i18next does (React's use() rejects promises made in render).
    throw pending
  }

  return { t: i18n.getFixedT(null, (namespaces ?? 'common') as Ns), i18n }
}
