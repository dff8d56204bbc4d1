import { and, eq, lt, sql } from 'drizzle-orm'
import type { Language } from '#shared/languages.ts'
import { callName } from '#shared/people-names.ts'
import type { Db, Tx } from '../db/client.ts'
import { user } from '../db/schema/auth.ts'
import { daysBefore, deleteInBatches } from '../db/in-batches.ts'
import { campaignRecipients } from '../db/schema/campaigns.ts'
import { mailSoftBounces, mailSuppressions } from '../db/schema/mail-suppressions.ts'
import {
  newsletterSubscribers,
  newsletterTokens,
  newsletterUsedTokens,
} from '../db/schema/newsletter.ts'
import { enqueueEmail } from '../mail/outbox.ts'
import { siteLink } from '../mail/site-link.ts'
import { actionEmail } from '../mail/templates.ts'
import {
  consumeToken,
  findUsedToken,
  hashAddress,
  hashEmail,
  hashToken,
  mintToken,
  listUnsubscribeKey,
  readCampaignUnsubscribeKey,
  readListUnsubscribeKey,
  USED_TOKEN_MEMORY_MS,
  type TokenPurpose,
} from './tokens.ts'

export interface NewsletterContext {
  db: Db
  /** Keys the List-Unsubscribe links and the consent record's address hash. */
  secret: string
  baseUrl: string
  /** Called after an e-mail was queued, so the worker sends it at once. */
  onEmailQueued: () => void
  /** A campaign's figures changed (someone left through its link). */
  onCampaignProgress?: (campaignId: string) => void
}

/** The signed-in member making the request, if any. */
export interface Member {
  userId: string
  email: string
  emailVerified: boolean
  fullName: string | null
}

type Source = (typeof newsletterSubscribers.$inferInsert)['source']

/** A signed-in member with a confirmed account address needs no second confirmation for it. */
const isOwnConfirmedAddress = (member: Member, email: string) =>
  member.emailVerified && member.email.toLowerCase() === email

/** SPEC: the header toggle's name is the full name, or the part of the address before the @. */
const memberName = (member: Member) => member.fullName || member.email.split('@')[0] || null

/**
 * POST /api/newsletter/subscribe. A member's own confirmed address is subscribed at once; any
 * other address gets a confirmation link (or, when already subscribed, a note saying so), so the
 * answer never tells a stranger whether an address is on the list.
 */
export async function subscribe(
  ctx: NewsletterContext,
  request: {
    email: string
    name: string | null
    source: Source
    member: Member | null
    language: Language
    clientAddress: string | undefined
  },
): Promise<'subscribed' | 'confirmation-sent'> {
  const { email, member, language, source } = request
  const table = newsletterSubscribers

  if (member && isOwnConfirmedAddress(member, email)) {
    const now = new Date()
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(table)
        .values({
          email,
          name: request.name || memberName(member),
          verified: true,
          userId: member.userId,
          language,
          source,
          confirmedAt: now,
          consentIpHash: hashAddress(ctx.secret, request.clientAddress),
        })
        .onConflictDoUpdate({
          target: table.email,
          set: {
            name: sql`coalesce(excluded.name, ${table.name})`,
            userId: member.userId,
            language,
            updatedAt: now,
            // An existing consent record stays as it was given.
            source: sql`case when ${table.verified} then ${table.source} else excluded.source end`,
            confirmedAt: sql`case when ${table.verified} then ${table.confirmedAt} else excluded.confirmed_at end`,
            consentIpHash: sql`case when ${table.verified} then ${table.consentIpHash} else excluded.consent_ip_hash end`,
            verified: true,
          },
        })
      await startAfresh(tx, ctx.secret, email)
    })
    return 'subscribed'
  }

  let queued = false
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(table)
      .values({
        email,
        name: request.name,
        language,
        source,
        userId: member?.email.toLowerCase() === email ? member.userId : null,
      })
      .onConflictDoNothing({ target: table.email })
    const [row] = await tx.select().from(table).where(eq(table.email, email)).for('update')
    if (!row) throw new Error(`subscriber ${email} vanished`)

    if (row.verified) {
      queued = await sendWithToken(tx, ctx, row, 'unsubscribe', {
        kind: 'newsletterAlreadySubscribed',
        language,
        path: '/newsletter/unsubscribe',
      })
      return
    }
    // Asking again renews a pending request: new name and language, another 48 h.
    await tx
      .update(table)
      .set({ name: request.name || row.name, language, source, updatedAt: new Date() })
      .where(eq(table.id, row.id))
    queued = await sendWithToken(tx, ctx, row, 'confirm', {
      kind: 'newsletterConfirm',
      language,
      path: '/newsletter/verify',
    })
  })
  if (queued) ctx.onEmailQueued()
  return 'confirmation-sent'
}

/**
 * POST /api/newsletter/unsubscribe. A member's own confirmed address is removed at once; for any
 * other address a subscriber gets a confirmation link, and the answer is the same either way.
 */
export async function unsubscribe(
  ctx: NewsletterContext,
  request: { email: string; member: Member | null; language: Language },
): Promise<'unsubscribed' | 'confirmation-sent'> {
  const { email, member, language } = request
  if (member && isOwnConfirmedAddress(member, email)) {
    await ctx.db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
    return 'unsubscribed'
  }
  let queued = false
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
    if (!row) return
    queued = await sendWithToken(tx, ctx, row, 'unsubscribe', {
      kind: 'newsletterUnsubscribe',
      language,
      path: '/newsletter/unsubscribe',
    })
  })
  if (queued) ctx.onEmailQueued()
  return 'confirmation-sent'
}

/**
 * POST /api/newsletter/verify: the confirmation link was followed; records the consent. A link
 * followed again (a second tap, or a mail scanner that ran the page first) finds its subscription
 * confirmed and says so; an unknown or expired one is invalid.
 */
export async function confirmSubscription(
  ctx: NewsletterContext,
  token: string,
  clientAddress: string | undefined,
): Promise<'confirmed' | 'already-confirmed' | 'invalid'> {
  return ctx.db.transaction(async (tx) => {
    const subscriberId = await consumeToken(tx, token, 'confirm')
    if (!subscriberId) return (await confirmedBefore(tx, token)) ? 'already-confirmed' : 'invalid'
    const [confirmed] = await tx
      .update(newsletterSubscribers)
      .set({
        verified: true,
        confirmedAt: new Date(),
        consentIpHash: hashAddress(ctx.secret, clientAddress),
        updatedAt: new Date(),
      })
      .where(
        and(eq(newsletterSubscribers.id, subscriberId), eq(newsletterSubscribers.verified, false)),
      )
      .returning({ email: newsletterSubscribers.email })
    if (confirmed) await startAfresh(tx, ctx.secret, confirmed.email)
    // Other confirmation links for the same address have nothing left to do: they count as used
    // too, so an older e-mail's link also answers that she is subscribed.
    const others = await tx
      .delete(newsletterTokens)
      .where(
        and(
          eq(newsletterTokens.subscriberId, subscriberId),
          eq(newsletterTokens.purpose, 'confirm'),
        ),
      )
      .returning({ tokenHash: newsletterTokens.tokenHash })
    await tx.insert(newsletterUsedTokens).values(
      [hashToken(token), ...others.map((other) => other.tokenHash)].map((tokenHash) => ({
        tokenHash,
        purpose: 'confirm' as const,
        subscriberId,
      })),
    )
    return 'confirmed'
  })
}

/** Whether a used confirmation link's subscription is confirmed now (it is gone once she left). */
async function confirmedBefore(tx: Tx, token: string) {
  const used = await findUsedToken(tx, token, 'confirm')
  if (!used?.subscriberId) return false
  const [row] = await tx
    .select({ verified: newsletterSubscribers.verified })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, used.subscriberId))
  return row?.verified ?? false
}

/**
 * She subscribed herself again (confirmed by her link, or as a member with her own confirmed
 * address): unsubscribe links used before no longer answer "already unsubscribed", and a bounce
 * or a complaint recorded against the address no longer holds the newsletter back (decision 0083).
 */
async function startAfresh(tx: Tx, secret: string, email: string) {
  await forgetUnsubscribeLinks(tx, secret, email)
  await tx.delete(mailSuppressions).where(eq(mailSuppressions.email, email))
  await tx.delete(mailSoftBounces).where(eq(mailSoftBounces.email, email))
  await tx
    .update(newsletterSubscribers)
    .set({ bouncedAt: null, bounceReason: null })
    .where(eq(newsletterSubscribers.email, email))
}

/** Unsubscribe links the address used before no longer answer "already unsubscribed". */
async function forgetUnsubscribeLinks(tx: Tx, secret: string, email: string) {
  await tx
    .delete(newsletterUsedTokens)
    .where(
      and(
        eq(newsletterUsedTokens.purpose, 'unsubscribe'),
        eq(newsletterUsedTokens.addressHash, hashEmail(secret, email)),
      ),
    )
}

/**
 * POST /api/newsletter/verify-unsubscribe: removes the subscriber and her consent record. A link
 * followed again, while the address has not subscribed anew, says she is already unsubscribed.
 */
export async function confirmUnsubscribe(
  ctx: NewsletterContext,
  token: string,
): Promise<'unsubscribed' | 'already-unsubscribed' | 'invalid'> {
  const recipientId = readCampaignUnsubscribeKey(ctx.secret, token)
  if (recipientId !== undefined)
    return (await unsubscribeRecipient(ctx, recipientId)) ? 'unsubscribed' : 'invalid'
  // A welcome e-mail's link: her subscription's List-Unsubscribe key, which never expires.
  const subscriberId = readListUnsubscribeKey(ctx.secret, token)
  if (subscriberId !== undefined) {
    await ctx.db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, subscriberId))
    return 'unsubscribed'
  }
  return ctx.db.transaction(async (tx) => {
    const subscriberId = await consumeToken(tx, token, 'unsubscribe')
    if (!subscriberId)
      return (await findUsedToken(tx, token, 'unsubscribe')) ? 'already-unsubscribed' : 'invalid'
    // Her other unsubscribe links (an earlier e-mail's) count as used with this one.
    const others = await tx
      .delete(newsletterTokens)
      .where(
        and(
          eq(newsletterTokens.subscriberId, subscriberId),
          eq(newsletterTokens.purpose, 'unsubscribe'),
        ),
      )
      .returning({ tokenHash: newsletterTokens.tokenHash })
    const [gone] = await tx
      .delete(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, subscriberId))
      .returning({ email: newsletterSubscribers.email })
    if (gone) {
      const addressHash = hashEmail(ctx.secret, gone.email)
      await tx.insert(newsletterUsedTokens).values(
        [hashToken(token), ...others.map((other) => other.tokenHash)].map((tokenHash) => ({
          tokenHash,
          purpose: 'unsubscribe' as const,
          addressHash,
        })),
      )
    }
    return 'unsubscribed'
  })
}

/**
 * RFC 8058 one-click unsubscribe. False only for a key that is not ours; a subscription that is
 * already gone counts as done, as mail providers may post more than once.
 */
export async function oneClickUnsubscribe(ctx: NewsletterContext, key: string): Promise<boolean> {
  const recipientId = readCampaignUnsubscribeKey(ctx.secret, key)
  if (recipientId !== undefined) return unsubscribeRecipient(ctx, recipientId)
  const subscriberId = readListUnsubscribeKey(ctx.secret, key)
  if (!subscriberId) return false
  await ctx.db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, subscriberId))
  return true
}

/**
 * A campaign e-mail's unsubscribe link (or its List-Unsubscribe): the subscriber who got it leaves
 * the newsletter, and the campaign records that she left through it. Following it again, or
 * after she already left another way, still counts as done: the link never expires.
 */
async function unsubscribeRecipient(ctx: NewsletterContext, recipientId: number) {
  const campaignId = await ctx.db.transaction(async (tx) => {
    const [recipient] = await tx
      .update(campaignRecipients)
      .set({ unsubscribedAt: sql`coalesce(${campaignRecipients.unsubscribedAt}, now())` })
      .where(eq(campaignRecipients.id, recipientId))
      .returning({
        subscriberId: campaignRecipients.subscriberId,
        campaignId: campaignRecipients.campaignId,
      })
    if (!recipient) return undefined
    if (recipient.subscriberId)
      await tx
        .delete(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, recipient.subscriberId))
    return recipient.campaignId
  })
  if (campaignId) ctx.onCampaignProgress?.(campaignId)
  return campaignId !== undefined
}

/** GET /api/newsletter/status: SPEC's flag is the verified value of the row for the address. */
export async function isSubscribed(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ verified: newsletterSubscribers.verified })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.toLowerCase()))
  return row?.verified ?? false
}

/**
 * The privacy policy's promise: a pending sign-up is deleted PENDING_SUBSCRIPTION_RETENTION_DAYS
 * (48 h by default) after it was last asked for, and expired links with it; used links are
 * forgotten after 30 days. In batches (db/in-batches.ts), so any number of processes may run it.
 */
export async function purgeStaleSubscriptions(
  db: Db,
  now: number,
  pendingDays: number,
): Promise<number> {
  const pending = await deleteInBatches(
    db,
    newsletterSubscribers,
    newsletterSubscribers.id,
    and(
      eq(newsletterSubscribers.verified, false),
      lt(newsletterSubscribers.updatedAt, daysBefore(now, pendingDays)),
    ),
  )
  await deleteInBatches(
    db,
    newsletterTokens,
    newsletterTokens.tokenHash,
    lt(newsletterTokens.expiresAt, new Date(now)),
  )
  await deleteInBatches(
    db,
    newsletterUsedTokens,
    newsletterUsedTokens.tokenHash,
    lt(newsletterUsedTokens.usedAt, new Date(now - USED_TOKEN_MEMORY_MS)),
  )
  return pending
}

/**
 * Whom a newsletter e-mail greets: a member's own subscription greets her by her given name, as
 * her account holds it; anyone else by the name she gave when subscribing.
 */
async function greetingName(tx: Tx, subscriber: { name: string | null; userId: string | null }) {
  if (!subscriber.userId) return subscriber.name
  const [member] = await tx
    .select({ givenName: user.givenName })
    .from(user)
    .where(eq(user.id, subscriber.userId))
  return callName({ givenName: member?.givenName, fullName: subscriber.name })
}

/**
 * Queues a newsletter e-mail with a fresh link. The link's token is written only when the e-mail
 * was queued: within the per-address cooldown nothing changes, and earlier links keep working.
 */
async function sendWithToken(
  tx: Tx,
  ctx: NewsletterContext,
  subscriber: { id: string; email: string; name: string | null; userId: string | null },
  purpose: TokenPurpose,
  email: {
    kind: 'newsletterConfirm' | 'newsletterAlreadySubscribed' | 'newsletterUnsubscribe'
    language: Language
    path: string
  },
): Promise<boolean> {
  const { token, row } = mintToken(subscriber.id, purpose)
  const url = siteLink(ctx.baseUrl, email.path, email.language, { token })
  const oneClick = siteLink(ctx.baseUrl, '/api/newsletter/one-click', email.language, {
    key: listUnsubscribeKey(ctx.secret, subscriber.id),
  })
  const queued = await enqueueEmail(tx, {
    kind: email.kind,
    to: subscriber.email,
    language: email.language,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...actionEmail(email.language, email.kind, {
      name: await greetingName(tx, subscriber),
      url,
      baseUrl: ctx.baseUrl,
    }),
  })
  if (queued) await tx.insert(newsletterTokens).values(row)
  return queued
}
