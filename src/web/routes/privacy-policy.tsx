import { useTranslation } from '../lib/use-translation.ts'
import { ExternalLink } from '../components/ui/external-link.tsx'
import { publicConfig } from '../lib/public-config.ts'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { useHydrated } from '../lib/use-hydrated.ts'

/** SPEC: the Hungarian document for Hungarian, the English one for every other language. */
export function privacyDocumentLanguage(language: string): 'hu' | 'en' {
  return language === 'hu' ? 'hu' : 'en'
}

/**
 * <object> shows its fallback where the browser has no PDF viewer (many phones). Chrome's viewer
 * without its toolbar: it starts hidden and appears once the viewer has set itself up, pushing
 * the document down 56 px (a layout shift of 0.045 on a phone, 0.16 on a desktop); the page's
 * own link above downloads the document.
 */
function PolicyDocument({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('privacy')
  return (
    <object data={`${url}#toolbar=0`} type="application/pdf" title={title} className="size-full">
      <div className="grid h-full place-items-center p-8 text-center">
        <p className="max-w-sm text-ink-soft">
          {t('fallback')}{' '}
          <a
            href={url}
            download
            className="font-semibold text-rose-deep underline underline-offset-4"
          >
            {t('download')}
          </a>
        </p>
      </div>
    </object>
  )
}

export default function PrivacyPolicyPage() {
  const { t, i18n } = useTranslation('privacy')
  const hydrated = useHydrated()
  useDocumentTitle(t('meta.title'), t('meta.description'))
  const documentLanguage = privacyDocumentLanguage(i18n.language)
  const pdfUrl = `/privacy/privacy-policy-${documentLanguage}.pdf`
  return (
    <div className="mx-auto max-w-5xl px-5 py-12 sm:px-8">
      <h1 className="font-display text-4xl font-semibold tracking-tight">{t('heading')}</h1>
      <p className="mt-3 text-lg text-ink-soft">{t('intro')}</p>
      {/* One item a line on a phone: where a row wraps would hang on each text's width, and
          a font arriving after the first paint would move the links. */}
      <div className="mt-6 flex flex-col items-start gap-x-6 gap-y-3 text-sm sm:flex-row sm:flex-wrap sm:items-center">
        <span
          className="rounded-full bg-white px-3 py-1 font-medium ring-1 ring-ink/10"
          data-testid="document-language"
        >
          {t('languageLabel', { language: t(`documentLanguage.${documentLanguage}`) })}
        </span>
        <a
          href={pdfUrl}
          download
          className="font-semibold text-rose-deep underline underline-offset-4"
        >
          {t('download')}
        </a>
        <ExternalLink
          href={publicConfig().privacyPolicyUrl}
          className="font-semibold text-rose-deep underline underline-offset-4"
        >
          {t('external')}
        </ExternalLink>
      </div>
      {/* The document (180 KB, and a viewer that is a web app of its own) comes after the page's
          first paint, once the app or the page's islands run (islands/privacy-document.ts):
          loaded with the page, a slow connection would carry it before the text. Its frame holds
          the place meanwhile; without JavaScript the browser embeds it at once (<noscript>). */}
      <div
        data-policy-frame={pdfUrl}
        className="mt-8 h-[75vh] min-h-[32rem] w-full overflow-hidden rounded-2xl bg-white ring-1 ring-ink/10"
      >
        {hydrated ? (
          <PolicyDocument url={pdfUrl} title={t('frameTitle')} />
        ) : (
          <noscript>
            <PolicyDocument url={pdfUrl} title={t('frameTitle')} />
          </noscript>
        )}
      </div>
      {/* Said in the page's own language, whichever document it embeds (es and de get the English one). */}
      {(['auditLog', 'retention'] as const).map((part) => (
        <section key={part} aria-labelledby={`${part}-heading`} className="mt-10 max-w-3xl">
          <h2 id={`${part}-heading`} className="font-display text-2xl font-semibold">
            {t(`${part}.heading`)}
          </h2>
          <p className="mt-3 text-ink-soft">{t(`${part}.text`)}</p>
        </section>
      ))}
    </div>
  )
}
