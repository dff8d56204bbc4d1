import { and, eq, gt, ne } from 'drizzle-orm'
import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { verifyJWT } from 'better-auth/crypto'
import type { Language } from '#shared/languages.ts'
import { callName } from '#shared/people-names.ts'
import { newsletterEmailSchema } from '#shared/schemas/newsletter.ts'
import type { Db } from '../db/client.ts'
import { account, user, verification } from '../db/schema/auth.ts'
import { profiles } from '../db/schema/profiles.ts'
import { languageOfRequest } from '../i18n.ts'
import { enqueueEmail } from '../mail/outbox.ts'
import { siteLink } from '../mail/site-link.ts'
import { changeEmailNoticeTemplate } from '../mail/templates.ts'

/**
 * Changing the sign-in address (issue 25, part 3; decision 0042). Better Auth's own
 * POST /api/auth/change-email does the change: it sends a link to the new address and changes
 * nothing until that link is opened, so she signs in with the old address until then. Around it:
 *
 * - a pending request row (`verification`, identifier `change-email:<user id>`) records the new
 *   address and whether her newsletter subscription moves with it; the link works only while
 *   its row is there, so a newer request, or a password change, cancels an older link;
 * - the old address gets a notice (to a masked new address), whether the new one is free or taken;
 * - at confirmation her profile and (if she chose) her subscription follow, and the change is
 *   recorded in the audit log (her former addresses are what her data export reads it for):
 *   commands/follow-email-change.ts.
 */

const PENDING_PREFIX = 'change-email:'
/** As long as Better Auth's link to the new address lives (emailVerification.expiresIn). */
export const CHANGE_EMAIL_EXPIRES_S = 24 * 60 * 60

export interface PendingEmailChange {
  to: string
  moveNewsletter: boolean
}

/** `anna.kovacs@gmail.com` → `a•••@g•••.com`: enough for her to recognise, little for anyone else. */
export function maskEmail(address: string): string {
  const [local = '', domain = ''] = address.split('@')
  const dot = domain.lastIndexOf('.')
  const name = dot > 0 ? domain.slice(0, dot) : domain
  const tld = dot > 0 ? domain.slice(dot) : ''
  return `${local.slice(0, 1)}•••@${name.slice(0, 1)}•••${tld}`
}

async function rememberPendingChange(db: Db, userId: string, change: PendingEmailChange) {
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, PENDING_PREFIX + userId))
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: PENDING_PREFIX + userId,
      value: JSON.stringify(change),
      expiresAt: new Date(Date.now() + CHANGE_EMAIL_EXPIRES_S * 1000),
    })
  })
}

export async function pendingEmailChange(
  db: Pick<Db, 'select'>,
  userId: string,
): Promise<PendingEmailChange | null> {
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, PENDING_PREFIX + userId),
        gt(verification.expiresAt, new Date()),
      ),
    )
  if (!row) return null
  const parsed = JSON.parse(row.value) as Partial<PendingEmailChange>
  return typeof parsed.to === 'string'
    ? { to: parsed.to, moveNewsletter: parsed.moveNewsletter !== false }
    : null
}

/** Cancels her pending change: its link no longer works (a new password does this). */
export const forgetPendingChange = (db: Pick<Db, 'delete'>, userId: string) =>
  db.delete(verification).where(eq(verification.identifier, PENDING_PREFIX + userId))

function refuse(status: 'BAD_REQUEST' | 'FORBIDDEN', code: string) {
  // The message is replaced by the user's language on the way out (auth.routes.ts).
  return new APIError(status, { code, message: code })
}

/** Where the confirmation link sends her when it cannot be used: her callback page, or an error. */
function refuseLink(ctx: { query?: Record<string, unknown> }, code: string) {
  const callback = typeof ctx.query?.callbackURL === 'string' ? ctx.query.callbackURL : null
  if (!callback) return new APIError('UNAUTHORIZED', { code, message: code })
  const url = new URL(callback, 'http://site.invalid')
  url.searchParams.set('error', code)
  return new APIError(
    'FOUND',
    {},
    { Location: callback.startsWith('/') ? `${url.pathname}${url.search}` : url.href },
  )
}

export interface ChangeEmailDeps {
  db: Db
  baseUrl: string
  onEmailQueued: () => void
}

/** Better Auth's change-email with our rules and our e-mails around it (see the top of this file). */
export function changeEmailPlugin({
  db,
  baseUrl,
  onEmailQueued,
}: ChangeEmailDeps): BetterAuthPlugin {
  return {
    id: 'lendulet-change-email',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/change-email',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx)
            if (!session) return // Better Auth answers 401.
            const body = (ctx.body ?? {}) as { newEmail?: unknown; moveNewsletter?: unknown }
            const parsed = newsletterEmailSchema.safeParse(body.newEmail)
            if (!parsed.success) throw refuse('BAD_REQUEST', 'INVALID_EMAIL')
            const newEmail = parsed.data
            if (newEmail === session.user.email.toLowerCase())
              throw refuse('BAD_REQUEST', 'EMAIL_IS_THE_SAME')
            const [password] = await db
              .select({ id: account.id })
              .from(account)
              .where(and(eq(account.userId, session.user.id), eq(account.providerId, 'credential')))
            if (!password) throw refuse('FORBIDDEN', 'CHANGE_EMAIL_NEEDS_PASSWORD')
            // Her subscription moves unless she says otherwise (decision 0048): the page may not
            // know of one made since it loaded, or of one still waiting for its link.
            await rememberPendingChange(db, session.user.id, {
              to: newEmail,
              moveNewsletter: body.moveNewsletter !== false,
            })
            return { context: { body: { ...body, newEmail } } }
          }),
        },
        {
          // The link to the new address: only the latest request's, and only while the address
          // is still free (someone may have signed up with it since).
          matcher: (ctx) => ctx.path === '/verify-email',
          handler: createAuthMiddleware(async (ctx) => {
            const token = typeof ctx.query?.token === 'string' ? ctx.query.token : ''
            const payload = await verifyJWT<{
              email?: string
              updateTo?: string
              requestType?: string
            }>(token, ctx.context.secret)
            if (payload?.requestType !== 'change-email-verification' || !payload.updateTo) return
            const [owner] = await db
              .select({ id: user.id })
              .from(user)
              .where(eq(user.email, String(payload.email)))
            if (!owner) return
            const pending = await pendingEmailChange(db, owner.id)
            if (pending?.to !== payload.updateTo) throw refuseLink(ctx, 'INVALID_TOKEN')
            const [taken] = await db
              .select({ id: user.id })
              .from(user)
              .where(and(eq(user.email, payload.updateTo), ne(user.id, owner.id)))
            if (taken) {
              await forgetPendingChange(db, owner.id)
              throw refuseLink(ctx, 'EMAIL_TAKEN')
            }
          }),
        },
      ],
      after: [
        {
          // Accepted (free or taken alike): the old address hears of it.
          matcher: (ctx) => ctx.path === '/change-email',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned
            if (!returned || returned instanceof Error || returned instanceof Response) return
            const session = await getSessionFromCtx(ctx)
            if (!session) return
            const pending = await pendingEmailChange(db, session.user.id)
            if (!pending) return
            const [profile] = await db
              .select({ fullName: profiles.fullName, language: profiles.language })
              .from(profiles)
              .where(eq(profiles.id, session.user.id))
            const language: Language = profile?.language ?? languageOfRequest(ctx.request)
            const queued = await enqueueEmail(db, {
              kind: 'change-email-notice',
              to: session.user.email,
              language,
              ...changeEmailNoticeTemplate(language, {
                name: callName({
                  givenName: (session.user as { givenName?: string | null }).givenName,
                  fullName: profile?.fullName ?? session.user.name,
                }),
                url: siteLink(baseUrl, '/forgot-password', language),
                baseUrl,
                address: maskEmail(pending.to),
              }),
            })
            if (queued) onEmailQueued()
          }),
        },
        {
          // A new password cancels a change she may not have asked for (a reset: auth.ts).
          matcher: (ctx) => ctx.path === '/change-password',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned
            if (!returned || returned instanceof Error || returned instanceof Response) return
            // With revokeOtherSessions the request's own session is replaced by a new one.
            const userId =
              ctx.context.newSession?.user.id ?? (await getSessionFromCtx(ctx))?.user.id
            if (userId) await forgetPendingChange(db, userId)
          }),
        },
      ],
    },
  }
}

/** Whether `token` is Better Auth's link to confirm a new address (else: a sign-up's). */
export function isChangeEmailToken(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      requestType?: unknown
    }
    return payload.requestType === 'change-email-verification'
  } catch {
    return false
  }
}
