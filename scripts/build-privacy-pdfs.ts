/**
 * Builds the printable privacy policy PDFs from the Markdown sources.
 *
 *   node scripts/build-privacy-pdfs.ts
 *
 * Reads docs/privacy/privacy-policy.{hu,en}.md, renders them with `marked`, wraps each in a
 * typeset A4 HTML document and prints it with Chromium (playwright-core) to
 * public/privacy/privacy-policy-{hu,en}.pdf.
 *
 * The output is reproducible: Chromium stamps the current time and a random-ish document ID into
 * every PDF, so both are rewritten in place (same byte length, so the xref table stays valid) to a
 * fixed date (SOURCE_DATE_EPOCH, or the policy's effective date) and an ID derived from the content.
 *
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), SOURCE_DATE_EPOCH (optional, seconds).
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { marked } from 'marked'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts'

type PolicyDoc = {
  lang: 'hu' | 'en'
  source: string
  output: string
  /** Footer page label, e.g. "Page 2 / 7". */
  pageLabel: (page: string, total: string) => string
}

const ROOT = path.resolve(import.meta.dirname, '..')

/** Effective date of the current policy; used as the PDF creation date unless SOURCE_DATE_EPOCH is set. */
const EFFECTIVE_DATE = new Date('2026-11-23T00:00:00Z')

const DOCS: readonly PolicyDoc[] = [
  {
    lang: 'hu',
    source: 'docs/privacy/privacy-policy.hu.md',
    output: 'public/privacy/privacy-policy-hu.pdf',
    pageLabel: (page, total) => `${page} / ${total}. oldal`,
  },
  {
    lang: 'en',
    source: 'docs/privacy/privacy-policy.en.md',
    output: 'public/privacy/privacy-policy-en.pdf',
    pageLabel: (page, total) => `Page ${page} / ${total}`,
  },
]

const BRAND = 'Lendület'
const ACCENT = '#B4536A'
const INK = '#2A1F2D'
const MUTED = '#6E6171'
const RULE = '#E8D9DE'
const TINT = '#FBF5F7'

const SERIF = `'Noto Serif', 'DejaVu Serif', Georgia, serif`
const SANS = `'Noto Sans', 'DejaVu Sans', Arial, sans-serif`

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

/** The document title is the first level-one heading of the Markdown source. */
function extractTitle(markdown: string, source: string): string {
  const match = /^#\s+(.+?)\s*#*\s*$/m.exec(markdown)
  if (!match?.[1]) throw new Error(`${source}: no "# Title" heading found`)
  return match[1]
}

const STYLES = /* css */ `
  @page { size: A4; }
  * { box-sizing: border-box; }
  html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  body {
    margin: 0;
    color: ${INK};
    font-family: ${SANS};
    font-size: 9.8pt;
    line-height: 1.55;
    text-rendering: optimizeLegibility;
    font-kerning: normal;
    orphans: 3;
    widows: 3;
  }
  .brand {
    margin: 0 0 10pt;
    font-family: ${SANS};
    font-size: 8pt;
    font-weight: 700;
    letter-spacing: 0.22em;
    text-transform: uppercase;
    color: ${ACCENT};
  }
  .brand span { color: ${MUTED}; font-weight: 400; letter-spacing: 0.08em; }
  h1, h2, h3 {
    font-family: ${SERIF};
    font-weight: 700;
    line-height: 1.25;
    color: ${INK};
    break-after: avoid;
    page-break-after: avoid;
  }
  h1 {
    margin: 0 0 6pt;
    padding-bottom: 10pt;
    font-size: 24pt;
    letter-spacing: -0.005em;
    border-bottom: 2pt solid ${ACCENT};
  }
  h1 + p { margin: 0 0 18pt; color: ${MUTED}; font-size: 9.5pt; }
  h1 + p strong { font-weight: 400; }
  h2 {
    margin: 20pt 0 7pt;
    padding-bottom: 3pt;
    font-size: 14pt;
    border-bottom: 0.75pt solid ${RULE};
  }
  h2::before {
    content: '';
    display: inline-block;
    width: 5pt;
    height: 5pt;
    margin: 0 7pt 2pt 0;
    background: ${ACCENT};
    border-radius: 50%;
    vertical-align: middle;
  }
  h3 { margin: 14pt 0 4pt; font-size: 11pt; color: ${ACCENT}; }
  p { margin: 0 0 7pt; }
  strong { font-weight: 700; }
  a { color: ${ACCENT}; text-decoration: none; border-bottom: 0.5pt solid ${RULE}; }
  code {
    font-family: 'DejaVu Sans Mono', monospace;
    font-size: 0.88em;
    font-weight: 400;
    padding: 0 2pt;
    background: ${TINT};
    border-radius: 2pt;
  }
  ul { margin: 0 0 8pt; padding-left: 14pt; break-inside: avoid; page-break-inside: avoid; }
  /* Keep a lead-in line together with the list or table it introduces. */
  p:has(+ ul), p:has(+ table) { break-after: avoid; page-break-after: avoid; }
  li { margin: 0 0 3pt; padding-left: 2pt; }
  li::marker { color: ${ACCENT}; }
  table {
    width: 100%;
    margin: 6pt 0 10pt;
    border-collapse: collapse;
    font-size: 8.3pt;
    line-height: 1.4;
  }
  thead { display: table-header-group; }
  tr { break-inside: avoid; page-break-inside: avoid; }
  th, td { padding: 4pt 6pt; text-align: left; vertical-align: top; }
  th {
    font-weight: 700;
    color: ${INK};
    background: ${TINT};
    border-top: 1.25pt solid ${ACCENT};
    border-bottom: 0.75pt solid ${ACCENT};
  }
  td { border-bottom: 0.5pt solid ${RULE}; }
  td:first-child { font-weight: 700; }
  /* The four-column overview (purpose / data / legal basis / retention). */
  th:nth-child(1):nth-last-child(4) { width: 23%; }
  th:nth-child(2):nth-last-child(3) { width: 31%; }
  th:nth-child(3):nth-last-child(2) { width: 22%; }
`

function renderHtml(doc: PolicyDoc, title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="${doc.lang}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)} – ${escapeHtml(BRAND)}</title>
<meta name="author" content="Lendület Studio">
<style>${STYLES}</style>
</head>
<body>
<p class="brand">${escapeHtml(BRAND)} <span>· lendulet.fit</span></p>
<main>
${bodyHtml}
</main>
</body>
</html>
`
}

function footerTemplate(doc: PolicyDoc): string {
  // Header/footer templates render in their own context: fonts and sizes must be set inline.
  const page = doc.pageLabel('<span class="pageNumber"></span>', '<span class="totalPages"></span>')
  return `<div style="width:100%; margin:0 20mm; padding-top:4pt; border-top:0.5pt solid ${RULE};
    display:flex; justify-content:space-between; font-family:${SANS.replaceAll("'", '&#39;')};
    font-size:7.5pt; color:${MUTED}; -webkit-print-color-adjust:exact;">
  <span class="title"></span><span>${page}</span>
</div>`
}

/** Formats a date as a UTC PDF date, e.g. D:20261121000000+00'00' (the form Skia writes). */
function pdfDate(date: Date): string {
  const digits = date.toISOString().slice(0, 19).replace(/[-T:]/g, '')
  return `D:${digits}+00'00'`
}

/**
 * Rewrites the volatile parts of a Chromium (Skia) PDF in place — the /CreationDate and /ModDate
 * values and, should a future Chromium add one, the trailer /ID — without changing any byte offset,
 * so the cross-reference table stays valid.
 */
function makeReproducible(pdf: Uint8Array, date: Date): Buffer {
  const out = Buffer.from(pdf)
  const text = out.toString('latin1')
  const fixedDate = pdfDate(date)

  for (const match of text.matchAll(/\/(?:CreationDate|ModDate)\s*\((D:[^)]*)\)/g)) {
    const value = match[1] ?? ''
    if (value.length !== fixedDate.length) {
      console.warn(`warning: unexpected PDF date format ${JSON.stringify(value)}, left unchanged`)
      continue
    }
    out.write(fixedDate, match.index + match[0].indexOf(value), 'latin1')
  }

  // The `d` flag gives the exact offsets of both hex strings of each /ID [<…> <…>].
  const idRanges = [...text.matchAll(/\/ID\s*\[\s*<([0-9A-Fa-f]*)>\s*<([0-9A-Fa-f]*)>\s*\]/dg)]
    .flatMap((match) => [match.indices?.[1], match.indices?.[2]])
    .filter((range) => range !== undefined)
  for (const [start, end] of idRanges) out.fill('0', start, end, 'latin1')
  if (idRanges.length > 0) {
    const digest = createHash('sha256').update(out).digest('hex').toUpperCase().repeat(2)
    for (const [start, end] of idRanges) out.write(digest.slice(0, end - start), start, 'latin1')
  }
  return out
}

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`
}

async function main(): Promise<void> {
  const epoch = process.env.SOURCE_DATE_EPOCH
  const stamp = epoch && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : EFFECTIVE_DATE

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  try {
    const context = await browser.newContext()
    for (const doc of DOCS) {
      const markdown = await readFile(path.join(ROOT, doc.source), 'utf8')
      const title = extractTitle(markdown, doc.source)
      const bodyHtml = await marked.parse(markdown, { gfm: true })
      const html = renderHtml(doc, title, bodyHtml)

      const page = await context.newPage()
      await page.setContent(html, { waitUntil: 'load' })
      await page.evaluate(() => document.fonts.ready).catch(() => undefined)
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: footerTemplate(doc),
        margin: { top: '20mm', right: '20mm', bottom: '22mm', left: '20mm' },
        preferCSSPageSize: false,
        tagged: true,
        outline: true,
      })
      await page.close()

      const outPath = path.join(ROOT, doc.output)
      await mkdir(path.dirname(outPath), { recursive: true })
      const final = makeReproducible(pdf, stamp)
      await writeFile(outPath, final)
      console.log(
        `${path.relative(ROOT, outPath)}  ${formatSize(final.length)}  (${doc.lang}: ${title})`,
      )
    }
    await context.close()
  } finally {
    await browser.close()
  }
}

await main()
