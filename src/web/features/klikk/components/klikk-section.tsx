import { useState } from 'react'
import type { KlikkKind } from '#shared/schemas/klikk.ts'
import { Alert } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { UserAvatar } from '#web/components/ui/user-avatar.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import type { KlikkEvening, KlikkMatch, KlikkPerson } from '../api/klikk-api.ts'
import { useKlikk } from '../use-klikk.ts'
import { EveningFeedback } from './evening-feedback.tsx'
import { KlikkSettings } from './klikk-settings.tsx'
import { eveningTime } from '#web/lib/evening-time.ts'

const KINDS: readonly KlikkKind[] = ['friend', 'training']

type Outcome = { tone: 'success' | 'error'; text: string } | null

/**
 * The klikk on /events, after an evening (issue 40): the women she sat with, round by round, to
 * mark as "I'd meet her again" (a friend, or a training buddy) while the window is open; her
 * matches with what each chose to share; block (asked first); how the evening felt (1–5 and a
 * comment, anonymous to the owner); her own settings. It follows the
 * page's live stream (it marks her events' keys stale): a match the other one makes shows at once.
 */
export function KlikkSection() {
  const { t } = useTranslation('events')
  const klikk = useKlikk()
  const evenings = klikk.data?.evenings ?? null
  if (!klikk.data && klikk.error === null) return null
  if (evenings?.length === 0) return null

  return (
    <section id="klikk" aria-labelledby="klikk-heading" className="mt-14" data-testid="klikk">
      <h2 id="klikk-heading" className="font-display text-3xl font-semibold tracking-tight">
        {t('klikk.title')}
      </h2>
      <p className="mt-2 text-ink-soft">{t('klikk.intro')}</p>
      {klikk.error !== null && !klikk.data && (
        <div className="mt-6">
          <Alert tone="error">{klikk.error || t('klikk.loadFailed')}</Alert>
        </div>
      )}
      {evenings && (
        <ul className="mt-6 flex flex-col gap-5">
          {evenings.map((evening) => (
            <li key={evening.eventId}>
              <EveningKlikk evening={evening} klikk={klikk} />
            </li>
          ))}
        </ul>
      )}
      {klikk.data && (
        <KlikkSettings
          contact={klikk.data.contact}
          hidden={klikk.data.hidden}
          busy={klikk.busy}
          onContact={klikk.chooseContact}
          onHide={klikk.hide}
        />
      )}
    </section>
  )
}

function EveningKlikk({
  evening,
  klikk,
}: {
  evening: KlikkEvening
  klikk: ReturnType<typeof useKlikk>
}) {
  const { t, i18n } = useTranslation('events')
  const [outcome, setOutcome] = useState<Outcome>(null)
  const [blocking, setBlocking] = useState<KlikkPerson | null>(null)
  const when = eveningTime(i18n.language, 'long')
  const headingId = `klikk-${evening.eventId}`

  async function choose(person: KlikkPerson, kind: KlikkKind | null) {
    setOutcome(null)
    const result = await klikk.pick(evening.eventId, person.id, kind)
    if (!result.ok) return setOutcome({ tone: 'error', text: result.message || t('klikk.failed') })
    const match = kind && 'match' in result.data && result.data.match
    setOutcome({
      tone: 'success',
      text: match
        ? t('klikk.matched', { name: person.fullName })
        : kind
          ? t('klikk.picked', { name: person.fullName, kind: t(`klikk.kinds.${kind}`) })
          : t('klikk.withdrawn', { name: person.fullName }),
    })
  }

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-6"
    >
      <h3
        id={headingId}
        lang={evening.textLanguages.eventName}
        className="font-display text-xl font-semibold"
      >
        {evening.eventName}
      </h3>
      <p className="text-sm text-ink-soft">
        {evening.open && evening.closesAt
          ? t('klikk.openUntil', { when: when.format(new Date(evening.closesAt)) })
          : t('klikk.closed')}
      </p>

      <Matches matches={evening.matches} />

      {evening.open && (
        <ol className="mt-5 flex flex-col gap-5">
          {evening.rounds.map((round) => (
            <li key={round.roundNumber}>
              <h4 className="text-sm font-semibold text-rose-deep">
                {t('klikk.round', { number: round.roundNumber, table: round.tableName })}
              </h4>
              <ul className="mt-2 flex flex-col gap-3">
                {round.people.map((person) => (
                  <PersonRow
                    key={person.id}
                    person={person}
                    pending={klikk.busy === `pick:${evening.eventId}:${person.id}`}
                    blockPending={klikk.busy === `block:${person.id}`}
                    onChoose={(kind) => void choose(person, kind)}
                    onBlock={() => setBlocking(person)}
                    onUnblock={() => void klikk.block(person.id, false)}
                  />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <div aria-live="polite" className="mt-4 empty:hidden">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      </div>
      <EveningFeedback evening={evening} klikk={klikk} />
      {blocking && (
        <ConfirmDialog
          text={t('klikk.blockQuestion', { name: blocking.fullName })}
          confirmLabel={t('klikk.blockConfirm', { name: blocking.fullName })}
          cancelLabel={t('confirm.cancel')}
          onConfirm={async () => {
            const person = blocking
            const result = await klikk.block(person.id, true)
            setBlocking(null)
            setOutcome(
              result.ok
                ? { tone: 'success', text: t('klikk.blocked', { name: person.fullName }) }
                : { tone: 'error', text: result.message || t('klikk.failed') },
            )
          }}
          onCancel={() => setBlocking(null)}
        />
      )}
    </article>
  )
}

function PersonRow({
  person,
  pending,
  blockPending,
  onChoose,
  onBlock,
  onUnblock,
}: {
  person: KlikkPerson
  pending: boolean
  blockPending: boolean
  onChoose: (kind: KlikkKind | null) => void
  onBlock: () => void
  onUnblock: () => void
}) {
  const { t } = useTranslation('events')
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-cream p-3 ring-1 ring-ink/5 sm:flex-row sm:items-center sm:justify-between">
      <span className="flex items-center gap-3">
        <UserAvatar avatarUrl={person.avatarUrl} name={person.fullName} size="medium" />
        <span className="font-semibold">{person.fullName}</span>
        {person.blocked && (
          <span className="rounded-full bg-ink/10 px-3 py-1 text-xs font-semibold">
            {t('klikk.blockedBadge')}
          </span>
        )}
      </span>
      {person.blocked ? (
        <Button variant="quiet" size="row" pending={blockPending} onClick={onUnblock}>
          {t('klikk.unblock', { name: person.fullName })}
        </Button>
      ) : (
        <span className="flex flex-wrap items-center gap-2">
          <span
            role="group"
            aria-label={t('klikk.meetAgain', { name: person.fullName })}
            className="flex flex-wrap gap-2"
          >
            {KINDS.map((kind) => (
              <Button
                key={kind}
                variant={person.pick === kind ? 'solid' : 'secondary'}
                size="row"
                aria-pressed={person.pick === kind}
                pending={pending}
                onClick={() => onChoose(person.pick === kind ? null : kind)}
              >
                {t(`klikk.kinds.${kind}`)}
              </Button>
            ))}
          </span>
          {person.pick && (
            <Button
              variant="quiet"
              size="row"
              pending={pending}
              aria-label={t('klikk.withdrawNamed', { name: person.fullName })}
              onClick={() => onChoose(null)}
            >
              {t('klikk.withdraw')}
            </Button>
          )}
          <Button
            variant="danger"
            size="row"
            pending={blockPending}
            aria-label={t('klikk.blockNamed', { name: person.fullName })}
            onClick={onBlock}
          >
            {t('klikk.block')}
          </Button>
        </span>
      )}
    </li>
  )
}

/** Her matches at the evening, each with what she chose to share (or that she has not yet). */
function Matches({ matches }: { matches: KlikkMatch[] }) {
  const { t } = useTranslation('events')
  return (
    <div className="mt-4" data-testid="klikk-matches">
      <h4 className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
        {t('klikk.matchesTitle')}
      </h4>
      {matches.length === 0 ? (
        <p className="mt-2 text-ink-soft">{t('klikk.noMatches')}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {matches.map((match) => (
            <li
              key={match.id}
              className="flex flex-wrap items-center gap-3 rounded-2xl bg-blush/50 p-3 ring-1 ring-rose/20"
            >
              <UserAvatar avatarUrl={match.avatarUrl} name={match.fullName} size="medium" />
              <span className="flex flex-col">
                <span className="font-semibold">{match.fullName}</span>
                <span className="text-sm text-ink-soft">{t(`klikk.kinds.${match.theirKind}`)}</span>
              </span>
              <span className="basis-full sm:ml-auto sm:basis-auto">
                {match.contact ? (
                  <ContactLink contact={match.contact} />
                ) : (
                  <span className="text-sm text-ink-soft">{t('klikk.noContactYet')}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function ContactLink({ contact }: { contact: NonNullable<KlikkMatch['contact']> }) {
  const { t } = useTranslation('events')
  const href =
    contact.share === 'email'
      ? `mailto:${contact.value}`
      : contact.share === 'phone'
        ? `tel:${contact.value.replace(/[^+0-9]/g, '')}`
        : `https://www.instagram.com/${contact.value.replace(/^@/, '')}/`
  return (
    <span className="text-sm">
      <span className="text-ink-soft">{t(`klikk.shares.${contact.share}`)}: </span>
      <a
        href={href}
        className="font-semibold break-all text-rose-deep underline underline-offset-2"
        {...(contact.share === 'instagram' ? { target: '_blank', rel: 'noreferrer' } : {})}
      >
        {contact.value}
      </a>
    </span>
  )
}
