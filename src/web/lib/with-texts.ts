import i18n from 'i18next'

/**
 * A screen's loader that fetches its code and the texts it is written in side by side: loaded
 * one after the other, the screen would wait a round trip more for texts its code then asks for.
 */
export function withTexts<T>(load: () => Promise<T>, namespaces: readonly string[]) {
  return () =>
    Promise.all([load(), i18n.loadNamespaces([...namespaces])]).then(([module]) => module)
}
