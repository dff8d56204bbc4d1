import type { Language } from '#shared/languages.ts'

/**
 * What the header's menus look like: one source for the app's menus (layout/language-menu.tsx,
 * layout/account-menu.tsx, flag-icon.tsx) and for the landing page's menu islands
 * (islands/header-menus.ts), which draw the same menus before, and instead of, the app.
 */
export const flagClass = 'h-3.5 w-5 shrink-0 rounded-[2px] shadow-[0_0_0_1px_rgb(0_0_0/0.08)]'

export const languageMenuClass =
  'absolute top-full right-0 z-50 mt-2 min-w-52 rounded-2xl border border-ink/10 bg-white p-1.5 shadow-xl shadow-ink/10'

export const languageItemClass =
  'flex w-full cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm select-none hover:bg-blush/60 focus:bg-blush/60 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-rose-deep aria-checked:font-semibold'

/** The language item's check mark, shown on the current language only. */
export const checkMarkClass = (checked: boolean) => `size-3 text-rose ${checked ? '' : 'invisible'}`

export const accountTriggerClass =
  'flex h-10 items-center gap-2 rounded-full border border-ink/10 bg-white/70 px-2 pr-3 text-sm font-medium transition hover:border-rose/40 hover:bg-white data-[state=open]:border-rose/50 data-[state=open]:bg-white'

export const accountMenuClass =
  'absolute top-full right-0 z-50 mt-2 w-64 rounded-2xl border border-ink/10 bg-white p-1.5 shadow-xl shadow-ink/10'

export const accountItemClass =
  'flex w-full cursor-pointer items-center rounded-xl px-3 py-2.5 text-left text-sm hover:bg-blush/60 focus:bg-blush/60 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-rose-deep'

/** One drawn stripe or cross of a flag (emoji flags show as bare letters on Windows and Linux). */
export type FlagPath = {
  d: string
  fill?: string
  stroke?: string
  strokeWidth?: string
}

export const FLAG_PATHS: Record<Language, readonly FlagPath[]> = {
  hu: [
    { fill: '#CE2939', d: 'M0 0h30v7H0z' },
    { fill: '#fff', d: 'M0 7h30v6H0z' },
    { fill: '#477050', d: 'M0 13h30v7H0z' },
  ],
  de: [
    { fill: '#000', d: 'M0 0h30v7H0z' },
    { fill: '#DD0000', d: 'M0 7h30v6H0z' },
    { fill: '#FFCE00', d: 'M0 13h30v7H0z' },
  ],
  es: [
    { fill: '#AA151B', d: 'M0 0h30v20H0z' },
    { fill: '#F1BF00', d: 'M0 5h30v10H0z' },
  ],
  en: [
    { fill: '#012169', d: 'M0 0h30v20H0z' },
    { stroke: '#fff', strokeWidth: '4', d: 'M0 0l30 20M30 0L0 20' },
    { stroke: '#C8102E', strokeWidth: '1.6', d: 'M0 0l30 20M30 0L0 20' },
    { stroke: '#fff', strokeWidth: '6', d: 'M15 0v20M0 10h30' },
    { stroke: '#C8102E', strokeWidth: '3.4', d: 'M15 0v20M0 10h30' },
  ],
}
