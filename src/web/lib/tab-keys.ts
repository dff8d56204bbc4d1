/**
 * The WAI-ARIA APG tabs pattern's keys: the tab that ArrowLeft or ArrowRight (wrapping round),
 * Home or End leads to from tab `index` of `count`; undefined for any other key.
 */
export function tabForKey(key: string, index: number, count: number): number | undefined {
  const to = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 }[key]
  return to === undefined ? undefined : (to + count) % count
}
