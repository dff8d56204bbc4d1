import { useState, type FormEvent } from 'react'
import { tableInputSchema } from '#shared/schemas/events.ts'
import { Button } from '#web/components/ui/button.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import { addTable, removeTable, updateTable, type EventTable } from '../api/admin-events-api.ts'
import { fieldErrors } from '../field-errors.ts'
import { Panel } from './panel.tsx'
import type { Act } from './event-workspace.tsx'

interface Draft {
  tableName: string
  capacityFull: string
  capacityActual: string
}

function TableForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: Draft
  submitLabel: string
  onSubmit: (draft: {
    tableName: string
    capacityFull: number
    capacityActual: number
  }) => Promise<boolean>
  onCancel?: () => void
}) {
  const { t } = useTranslation('events')
  const [draft, setDraft] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({})
  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = tableInputSchema.safeParse({
      tableName: draft.tableName,
      capacityFull: Number(draft.capacityFull || Number.NaN),
      capacityActual: Number(draft.capacityActual || Number.NaN),
    })
    if (!parsed.success) {
      setErrors(fieldErrors<keyof Draft>(parsed.error, t))
      return
    }
    setErrors({})
    if (await onSubmit(parsed.data)) setDraft(initial)
  }
  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid items-start gap-3 sm:grid-cols-[2fr_1fr_1fr_auto]"
    >
      <TextField
        label={t('tables.tableName')}
        value={draft.tableName}
        onChange={(e) => setDraft({ ...draft, tableName: e.target.value })}
        error={errors.tableName}
        maxLength={40}
      />
      <TextField
        label={t('tables.capacityFull')}
        type="number"
        inputMode="numeric"
        min={1}
        max={50}
        value={draft.capacityFull}
        onChange={(e) => setDraft({ ...draft, capacityFull: e.target.value })}
        error={errors.capacityFull}
      />
      <TextField
        label={t('tables.capacityActual')}
        type="number"
        inputMode="numeric"
        min={1}
        max={50}
        value={draft.capacityActual}
        onChange={(e) => setDraft({ ...draft, capacityActual: e.target.value })}
        error={errors.capacityActual}
      />
      <div className="flex gap-2 sm:pt-7">
        <Button type="submit" variant="solid" size="field">
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" size="field" onClick={onCancel}>
            {t('tables.cancel')}
          </Button>
        )}
      </div>
    </form>
  )
}

/** SPEC's event_tables: add, edit and remove; seats in use ≤ the table's full capacity. */
export function TablesPanel({
  eventId,
  tables,
  act,
}: {
  eventId: string
  tables: EventTable[]
  act: Act
}) {
  const { t } = useTranslation('events')
  const [editing, setEditing] = useState<string | null>(null)
  const seats = tables.reduce((sum, table) => sum + table.capacityActual, 0)
  return (
    <Panel
      id="tables-heading"
      title={t('tables.title')}
      intro={t('tables.intro')}
      aside={
        tables.length > 0 && (
          <p className="text-sm font-semibold text-ink-soft">
            {t('tables.totalSeats', { seats, tables: tables.length })}
          </p>
        )
      }
    >
      {tables.length === 0 && <p className="mb-4 text-ink-soft">{t('tables.empty')}</p>}
      <ul className="mb-6 divide-y divide-ink/5">
        {tables.map((table) => (
          <li key={table.id} className="py-3">
            {editing === table.id ? (
              <TableForm
                initial={{
                  tableName: table.tableName,
                  capacityFull: String(table.capacityFull),
                  capacityActual: String(table.capacityActual),
                }}
                submitLabel={t('tables.save')}
                onCancel={() => setEditing(null)}
                onSubmit={async (draft) => {
                  const ok = await act(() => updateTable(eventId, table.id, draft))
                  if (ok) setEditing(null)
                  return ok
                }}
              />
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className="font-semibold">{table.tableName}</p>
                  <p className="text-sm text-ink-soft">
                    {t('tables.seats', { actual: table.capacityActual, full: table.capacityFull })}
                  </p>
                </div>
                <div className="flex gap-1">
                  <Button
                    type="button"
                    variant="quiet"
                    size="sm"
                    aria-label={t('tables.editLabel', { name: table.tableName })}
                    onClick={() => setEditing(table.id)}
                  >
                    {t('tables.edit')}
                  </Button>
                  <Button
                    type="button"
                    variant="quiet"
                    size="sm"
                    aria-label={t('tables.removeLabel', { name: table.tableName })}
                    onClick={() => act(() => removeTable(eventId, table.id))}
                  >
                    {t('tables.remove')}
                  </Button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      <TableForm
        initial={{ tableName: '', capacityFull: '6', capacityActual: '6' }}
        submitLabel={t('tables.add')}
        onSubmit={(draft) => act(() => addTable(eventId, draft))}
      />
    </Panel>
  )
}
