import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import { fullNameOf, namePart } from '#shared/people-names.ts'
import { personNamesSchema } from '#shared/schemas/profile.ts'
import type { Db } from '../db/client.ts'
import { profiles } from '../db/schema/profiles.ts'
import { languageOfRequest } from '../i18n.ts'

/**
 * Her given and family name, as the account holds them (decision 55): Better Auth's
 * `user.additionalFields`, so that sign-up takes them (`POST /api/auth/sign-up/email`) and
 * Google's claims fill them. `name` (and profiles.full_name) is composed from the two when they
 * are saved, in the order of the language she wrote them in.
 */
export const NAME_FIELDS = {
  givenName: { type: 'string', required: false, input: true },
  familyName: { type: 'string', required: false, input: true },
} as const

/** The two parts, checked: a refusal names its code (GIVEN_NAME_REQUIRED, NAME_TOO_LONG...). */
export function checkedNames(input: { givenName?: unknown; familyName?: unknown }): {
  givenName: string
  familyName: string | null
} {
  const parsed = personNamesSchema.safeParse({
    givenName: input.givenName,
    familyName: input.familyName ?? null,
  })
  if (!parsed.success) {
    const code = parsed.error.issues[0]?.message ?? 'VALIDATION_ERROR'
    // The message is replaced by the user's language on the way out (auth.routes.ts).
    throw new APIError('BAD_REQUEST', { code, message: code })
  }
  return {
    givenName: namePart(parsed.data.givenName) ?? '',
    familyName: namePart(parsed.data.familyName),
  }
}

const hasNameParts = (body: Record<string, unknown>) =>
  body.givenName !== undefined || body.familyName !== undefined

/**
 * Sign-up with `givenName` and `familyName`: checked (in the user's language when refused), and
 * Better Auth's required `name` filled from them, so a client need not send it. A client that
 * sends only `name` (as before there were two parts) signs up as before: the account then holds
 * only a full name, which is never split by guesswork.
 */
export function namesOnSignUp(): BetterAuthPlugin {
  return {
    id: 'names-on-sign-up',
    hooks: {
      before: [
        {
          matcher: (context) => context.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as Record<string, unknown>
            const onlyFullName =
              !hasNameParts(body) && typeof body.name === 'string' && body.name.trim() !== ''
            if (onlyFullName) return
            const names = checkedNames(body)
            const name = fullNameOf(
              names.givenName,
              names.familyName,
              languageOfRequest(ctx.request),
            )
            return { context: { body: { ...body, ...names, name } } }
          }),
        },
      ],
    },
  }
}

/** Google's OpenID claims (`given_name`, `family_name`) as the account's name parts. */
export function namesFromClaims(claims: Record<string, unknown>) {
  const text = (value: unknown) => (typeof value === 'string' ? namePart(value) : null)
  return { givenName: text(claims.given_name), familyName: text(claims.family_name) }
}

/**
 * A new user's name parts as stored (trimmed, null when empty), and her `name` composed from them
 * in the language of the request that creates her (a sign-up form, Google's callback).
 */
export function composedOnCreate(
  created: Record<string, unknown> & { name: string },
  request: Request | undefined,
) {
  const givenName = typeof created.givenName === 'string' ? namePart(created.givenName) : null
  const familyName = typeof created.familyName === 'string' ? namePart(created.familyName) : null
  if (!givenName) return { ...created, givenName: null, familyName }
  return {
    ...created,
    givenName,
    familyName,
    name: fullNameOf(givenName, familyName, languageOfRequest(request)),
  }
}

/**
 * Better Auth's update-user with `givenName` or `familyName`: the parts checked, the other one
 * taken from the account as it is, and `name` composed again in the request's language. A new
 * `name` alone (an older client) replaces the whole name: the parts, now out of date, are
 * cleared, and she is greeted with that name until she gives them again.
 */
export function composedOnUpdate(
  changes: Record<string, unknown>,
  current: { givenName?: unknown; familyName?: unknown } | undefined,
  request: Request | undefined,
) {
  if (!hasNameParts(changes))
    return typeof changes.name === 'string'
      ? { ...changes, givenName: null, familyName: null }
      : null
  const names = checkedNames({
    givenName: changes.givenName !== undefined ? changes.givenName : current?.givenName,
    familyName: changes.familyName !== undefined ? changes.familyName : current?.familyName,
  })
  const name = fullNameOf(names.givenName, names.familyName, languageOfRequest(request))
  return { ...changes, ...names, name }
}

/** Her profile's full name (what lists, the door and the big screen show) follows her `name`. */
export async function followNameChange(db: Db, updated: { id: string; name: string }) {
  await db
    .update(profiles)
    .set({ fullName: updated.name, updatedAt: new Date() })
    .where(eq(profiles.id, updated.id))
}
