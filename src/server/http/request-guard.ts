import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { MAX_UPLOAD_BYTES } from '../media/process-image.ts'
import { ApiError } from './api-error.ts'
import type { AppEnv } from './app-env.ts'

/** Every body but an image upload: JSON forms are a few hundred bytes. */
export const MAX_BODY_BYTES = 64 * 1024
/** A multipart image upload: the image plus the form's own framing. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i
const MULTIPART_TYPE = /^multipart\/form-data\s*;/i
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i

export interface RequestGuardOptions {
  /** PUBLIC_URL: the only origin whose pages may change anything. */
  publicUrl: string
  /**
   * Paths other sites legitimately POST to, without cookies, in their own format (RFC 8058's
   * one-click unsubscribe, which mail providers send as a form). They are exempt from the origin
   * and content-type rules, not from the size limit.
   */
  crossSitePaths: readonly string[]
  /**
   * Paths our own pages' plain HTML forms post to (the landing page's newsletter form, which
   * works before its script arrives): an `application/x-www-form-urlencoded` body is accepted
   * there too, under the same origin rule and size limit as JSON.
   */
  formPaths?: readonly string[]
  /**
   * CORS_ORIGINS: other sites whose pages may make changes, without cookies (their pages call
   * with a bearer token; a cookie session belongs to our own pages only).
   */
  corsOrigins?: readonly string[]
}

/**
 * What every request must be before a route sees it:
 * - a change (POST, PUT, PATCH, DELETE) comes from our own pages: its Origin, or without one its
 *   Referer, is PUBLIC_URL's; a request with neither is refused when it carries cookies (a browser
 *   always sends Origin with a change, so only a forged request lacks it). Clients without
 *   cookies (a native app with a bearer token, curl) have no ambient session to abuse, and
 *   neither have the pages of a CORS_ORIGINS site when they send no cookies.
 * - a body is JSON (`application/json`) or an image upload (`multipart/form-data`), nothing else
 *   (but a plain form's, on the paths our pages' forms post to);
 * - a body is at most 64 KB (uploads: 5 MB and the form's framing), refused with 413 before it is
 *   read when its length is declared;
 * - no text in the path, the query or a JSON body holds U+0000, which PostgreSQL cannot store.
 */
export function requestGuard({
  publicUrl,
  crossSitePaths,
  formPaths = [],
  corsOrigins = [],
}: RequestGuardOptions) {
  const ownOrigin = new URL(publicUrl).origin
  const listed = new Set(corsOrigins)
  const crossSite = new Set(crossSitePaths)
  const forms = new Set(formPaths)
  const tooLarge = () => {
    throw new ApiError(413, 'payload_too_large', 'payloadTooLarge')
  }
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge })
  const limitUpload = bodyLimit({ maxSize: MAX_UPLOAD_BODY_BYTES, onError: tooLarge })

  return createMiddleware<AppEnv>(async (c, next) => {
    if (hasNul(c.req.url)) throw new ApiError(400, 'invalid_request', 'invalidRequest')
    const method = c.req.method
    if (SAFE_METHODS.has(method)) return next()

    const exempt = crossSite.has(c.req.path)
    if (!exempt && !fromOwnPages(c.req.raw.headers, ownOrigin, listed))
      throw new ApiError(403, 'cross_origin', 'crossOrigin')

    const type = c.req.header('content-type') ?? ''
    if (!hasBody(c.req.raw)) return next()
    if (MULTIPART_TYPE.test(type)) return limitUpload(c, next)
    const form = forms.has(c.req.path) && FORM_TYPE.test(type)
    if (!JSON_TYPE.test(type) && !exempt && !form)
      throw new ApiError(415, 'unsupported_media_type', 'unsupportedMediaType')
    return limitBody(c, async () => {
      if (JSON_TYPE.test(type)) await checkJson(await c.req.text())
      await next()
    })
  })
}

function fromOwnPages(headers: Headers, ownOrigin: string, listed: Set<string>): boolean {
  const origin = headers.get('origin')
  if (origin !== null && listed.has(origin)) return !headers.has('cookie')
  if (origin !== null) return origin === ownOrigin
  const referer = headers.get('referer')
  if (referer !== null) return URL.canParse(referer) && new URL(referer).origin === ownOrigin
  return !headers.has('cookie')
}

/** HTTP/1.1: a request has a body when it is chunked or declares a length above zero. */
function hasBody(request: Request): boolean {
  if (!request.body) return false
  if (request.headers.has('transfer-encoding')) return true
  const length = request.headers.get('content-length')
  return length !== null && length.trim() !== '0'
}

/** A URL holds U+0000 as %00 (or raw, from a client that does not encode). */
function hasNul(url: string): boolean {
  return url.includes('\0') || /%00/i.test(url)
}

/** Malformed JSON, or JSON with U+0000 in any key or string, is refused (400). */
async function checkJson(text: string): Promise<void> {
  if (text.trim() === '') return
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new ApiError(400, 'invalid_request', 'invalidRequest')
  }
  // Iterative: a 64 KB body can nest thousands of levels deep.
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (item.includes('\0')) throw new ApiError(400, 'invalid_request', 'invalidRequest')
    } else if (Array.isArray(item)) {
      for (const inner of item) pending.push(inner)
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) pending.push(key, inner)
    }
  }
}
