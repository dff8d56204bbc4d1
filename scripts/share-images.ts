/**
 * Images the build draws from our own artwork with sharp: the 1200×630 share image of each
 * language (link previews), and the app icons of the web app manifest. Text is set in the site's
 * own fonts, as outlines (fontkit reads the self-hosted WOFF2 files), so the images look the same on
 * every machine, whatever fonts it has.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import * as fontkit from 'fontkit'
import sharp from 'sharp'
import wawoff2 from 'wawoff2'
import type { Language } from '#shared/languages.ts'
import { SHARE_IMAGE_SIZE } from '#server/web/public-pages.ts'

const require = createRequire(import.meta.url)
const COLORS = {
  cream: '#FBF7F2',
  blush: '#F3D9DC',
  rose: '#B4536A',
  roseDeep: '#8E3B52',
  gold: '#D9A55B',
  ink: '#2A1F2D',
  inkSoft: '#5B4D5E',
}

/** The brand mark (src/web/components/layout/brand-mark.tsx), on a 40×40 grid. */
const BRAND_MARK = `<circle cx="20" cy="20" r="19" fill="${COLORS.rose}"/><path d="M9 28c4-9 8-13 11-13s7 4 11 13" fill="none" stroke="${COLORS.cream}" stroke-width="3" stroke-linecap="round"/><circle cx="20" cy="11" r="3.2" fill="${COLORS.gold}"/>`

type Face = fontkit.Font
interface Typeface {
  /** The latin and latin-ext subsets: a character is set from the first that has it. */
  subsets: Face[]
}

const typefaces = new Map<string, Promise<Typeface>>()

/** A variable font of ours at one weight, from fontsource's WOFF2 subsets. */
function typeface(family: 'fraunces' | 'inter', weight: number): Promise<Typeface> {
  const key = `${family}-${weight}`
  let pending = typefaces.get(key)
  if (!pending) {
    const dir = join(
      dirname(require.resolve(`@fontsource-variable/${family}/package.json`)),
      'files',
    )
    pending = (async () => {
      const subsets: Face[] = []
      // One at a time: wawoff2's WebAssembly decoder gives garbage to overlapping calls.
      for (const subset of ['latin', 'latin-ext']) {
        const woff2 = readFileSync(join(dir, `${family}-${subset}-wght-normal.woff2`))
        // fontkit's own WOFF2 reader cannot apply variations, so it gets the decompressed font.
        const font = fontkit.create(Buffer.from(await wawoff2.decompress(woff2)))
        if (!('getVariation' in font)) throw new Error(`${family}: not a single font`)
        subsets.push(font.getVariation({ wght: weight }))
      }
      return { subsets }
    })()
    typefaces.set(key, pending)
  }
  return pending
}

/** One line of text as SVG paths, with its width; `x`, `y` is the start of the baseline. */
function setLine(face: Typeface, text: string, size: number) {
  let x = 0
  let paths = ''
  for (const char of text) {
    const font =
      face.subsets.find((f) => f.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)) ?? face.subsets[0]
    if (!font) continue
    const run = font.layout(char)
    const scale = size / font.unitsPerEm
    for (const [i, glyph] of run.glyphs.entries()) {
      const d = glyph.path.toSVG()
      if (d)
        paths += `<path transform="translate(${x.toFixed(2)} 0) scale(${scale} ${-scale})" d="${d}"/>`
      x += (run.positions[i]?.xAdvance ?? 0) * scale
    }
  }
  return { paths, width: x }
}

/** Greedy line breaking at spaces within `maxWidth`. */
function wrap(face: Typeface, text: string, size: number, maxWidth: number) {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word
    if (line && setLine(face, candidate, size).width > maxWidth) {
      lines.push(line)
      line = word
    } else line = candidate
  }
  if (line) lines.push(line)
  return lines
}

function textBlock(
  face: Typeface,
  lines: string[],
  size: number,
  x: number,
  y: number,
  lineHeight: number,
  fill: string,
) {
  return lines
    .map(
      (line, i) =>
        `<g fill="${fill}" transform="translate(${x} ${y + i * lineHeight})">${setLine(face, line, size).paths}</g>`,
    )
    .join('')
}

/** The share image of one language: the hero's artwork beside the brand, the launch badge and the headline. */
export async function buildShareImage(options: {
  file: string
  heroSvg: Buffer
  brand: string
  tagline: string
  badge: string
  title: string
}) {
  const { width, height } = SHARE_IMAGE_SIZE
  // In turn, for the same reason.
  const display = await typeface('fraunces', 600)
  const sans = await typeface('inter', 500)
  const sansBold = await typeface('inter', 600)

  const left = 72
  const textWidth = 600
  let titleSize = 76
  let titleLines = wrap(display, options.title, titleSize, textWidth)
  while (titleLines.length > 3 && titleSize > 48) {
    titleSize -= 4
    titleLines = wrap(display, options.title, titleSize, textWidth)
  }
  const titleLineHeight = Math.round(titleSize * 1.1)

  const badgeSize = 24
  const badgeText = setLine(sansBold, options.badge, badgeSize)
  const badgeWidth = badgeText.width + 44 + 18
  const brandSize = 40
  const taglineSize = 26

  const titleTop = 250
  const titleBottom = titleTop + (titleLines.length - 1) * titleLineHeight
  const hero = await sharp(options.heroSvg).resize(560, 560).png().toBuffer()

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><radialGradient id="glow" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${COLORS.blush}"/><stop offset="1" stop-color="${COLORS.blush}" stop-opacity="0"/></radialGradient></defs>
  <rect width="100%" height="100%" fill="${COLORS.cream}"/>
  <circle cx="940" cy="250" r="420" fill="url(#glow)"/>
  <image href="data:image/png;base64,${hero.toString('base64')}" x="${width - 560 - 24}" y="${(height - 560) / 2}" width="560" height="560"/>
  <g transform="translate(${left} 60) scale(1.4)">${BRAND_MARK}</g>
  ${textBlock(display, [options.brand], brandSize, left + 72, 103, 0, COLORS.ink)}
  <rect x="${left}" y="150" width="${badgeWidth}" height="48" rx="24" fill="#FFFFFF" fill-opacity=".85" stroke="${COLORS.rose}" stroke-opacity=".25"/>
  <circle cx="${left + 26}" cy="174" r="6" fill="${COLORS.rose}"/>
  ${textBlock(sansBold, [options.badge], badgeSize, left + 44, 183, 0, COLORS.roseDeep)}
  ${textBlock(display, titleLines, titleSize, left, titleTop + titleSize * 0.8, titleLineHeight, COLORS.ink)}
  ${textBlock(sans, [options.tagline], taglineSize, left, titleBottom + titleSize * 0.8 + 64, 0, COLORS.inkSoft)}
  <rect x="0" y="${height - 14}" width="${width}" height="14" fill="${COLORS.rose}"/>
</svg>`
  mkdirSync(dirname(options.file), { recursive: true })
  await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 })
    .toFile(options.file)
}

/** The manifest's icons: the brand mark, plus a maskable one with the safe zone Android crops to. */
export async function buildIcons(distDir: string) {
  const dir = join(distDir, 'icons')
  mkdirSync(dir, { recursive: true })
  const plain = (size: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 40 40">${BRAND_MARK}</svg>`
  // Maskable: a full-bleed background, the mark inside the central 80 % circle.
  const maskable = (size: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 40 40"><rect width="40" height="40" fill="${COLORS.cream}"/><g transform="translate(8 8) scale(.6)">${BRAND_MARK}</g></svg>`
  // Apple's home screen icon is square and is given its rounded corners by the system.
  const apple = (size: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 40 40"><rect width="40" height="40" fill="${COLORS.cream}"/><g transform="translate(4 4) scale(.8)">${BRAND_MARK}</g></svg>`
  const icons: [string, string][] = [
    ['icon-192.png', plain(192)],
    ['icon-512.png', plain(512)],
    ['icon-maskable-512.png', maskable(512)],
    ['apple-touch-icon.png', apple(180)],
  ]
  for (const [name, svg] of icons)
    await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(join(dir, name))
}

/** The web app manifest of one language: installable on a phone's home screen. */
export function webManifest(options: {
  language: Language
  name: string
  shortName: string
  description: string
}): string {
  const manifest = {
    name: options.name,
    short_name: options.shortName,
    description: options.description,
    lang: options.language,
    id: '/',
    start_url: `/?lang=${options.language}`,
    scope: '/',
    display: 'standalone',
    background_color: COLORS.cream,
    theme_color: COLORS.cream,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}
