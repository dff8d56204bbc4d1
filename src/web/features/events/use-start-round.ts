import { formatClock, roundState, roundTimeLeft } from '#shared/countdown.ts'
import type { ApiResult } from '#web/lib/call-api.ts'
import { useTranslation } from '#web/lib/use-translation.ts'
import { startRound, type EventDetail, type EventRound } from './api/admin-events-api.ts'
import type { useConfirm } from './use-confirm.tsx'

type Run = (call: () => Promise<ApiResult<unknown>>) => Promise<ApiResult<unknown>>

/**
 * Starts a round. While another one still runs, it asks first whether to end that one now, and
 * then does both in one step on the server (`endRunning`): the host is never just refused.
 * `then` runs with the answer once the dialog (if any) has gone, to move focus on.
 */
export function useStartRound(detail: EventDetail, confirm: ReturnType<typeof useConfirm>) {
  const { t } = useTranslation('events')
  return (round: EventRound, run: Run, then: (ok: boolean) => void) => {
    const running = detail.rounds.find((r) => roundState(r, Date.now()) === 'running')
    if (!running) {
      void run(() => startRound(detail.event.id, round.id)).then((result) => then(result.ok))
      return
    }
    const numbers = { running: running.roundNumber, next: round.roundNumber }
    confirm.ask({
      text: t('console.confirmSwitch', {
        ...numbers,
        time: formatClock(roundTimeLeft(running, Date.now())),
      }),
      confirmLabel: t('console.confirmSwitchButton', numbers),
      onConfirm: async () => {
        const result = await run(() => startRound(detail.event.id, round.id, true))
        return () => then(result.ok)
      },
    })
  }
}
