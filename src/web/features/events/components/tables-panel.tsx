import { useState, type FormEvent } from 'react'
import { tableInputSchema } from '#shared/schemas/events.ts'
import { useFocusFirstInvalid } from '#web/lib/use-focus-first-invalid.ts'
import { Button } from '#web/components/ui/button.tsx'
import { TextField } from '#web/components/ui/text-field.tsx'
import { useTranslation } from '#web/lib/use-translation.ts'
import {
  addTable,
  removeTable,
  updateTable,
  type EventDetail,
  type EventTable,
} from '../api/admin-events-api.ts'
import { fieldErrors } from '../field-errors.ts'
import { useConfirm } from '../use-confirm.tsx'
import type { EventActions } from '../use-event-actions.ts'
import { ActionError } from './action-error.tsx'
import { Panel } from './panel.tsx'
import { TrashIcon } from './trash-icon.tsx'

/** A table's edit button, to come back to after editing it or removing its neighbour. */
const editId = (tableId: string) => `table-${tableId}-edit`

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
  const formRef = useFocusFirstInvalid(errors)
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
      ref={formRef}
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
export function TablesPanel({ detail, actions }: { detail: EventDetail; actions: EventActions }) {
  const { t } = useTranslation('events')
  const eventId = detail.event.id
  const tables = detail.tables
  const [editing, setEditing] = useState<string | null>(null)
  const confirm = useConfirm()

  function stopEditing(tableId: string) {
    setEditing(null)
    actions.focusSoon(editId(tableId))
  }

  function askToRemove(table: EventTable, index: number) {
    const next = tables[index + 1] ?? tables[index - 1]
    confirm.ask({
      text: t('tables.confirmRemove', { name: table.tableName }),
      confirmLabel: t('tables.confirmRemoveButton', { name: table.tableName }),
      onConfirm: async () => {
        const result = await actions.run(`table-${table.id}`, () => removeTable(eventId, table.id))
        if (result.ok)
          return () => actions.focusSoon(...(next ? [editId(next.id)] : []), 'tables-heading')
      },
    })
  }
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
      <ActionError
        message={actions.errorGone(
          'table-',
          tables.map((table) => `table-${table.id}`),
        )}
        className="mb-4"
      />
      <ul className="mb-6 divide-y divide-ink/5">
        {tables.map((table, index) => (
          <li key={table.id} className="py-3">
            {editing === table.id ? (
              <TableForm
                initial={{
                  tableName: table.tableName,
                  capacityFull: String(table.capacityFull),
                  capacityActual: String(table.capacityActual),
                }}
                submitLabel={t('tables.save')}
                onCancel={() => stopEditing(table.id)}
                onSubmit={async (draft) => {
                  const { ok } = await actions.run(`table-${table.id}`, () =>
                    updateTable(eventId, table.id, draft),
                  )
                  if (ok) stopEditing(table.id)
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
                <div className="flex gap-6">
                  <Button
                    id={editId(table.id)}
                    type="button"
                    variant="outline"
                    size="row"
                    aria-label={t('tables.editLabel', { name: table.tableName })}
                    onClick={() => setEditing(table.id)}
                  >
                    {t('tables.edit')}
                  </Button>
                  <Button
                    type="button"
                    variant="danger"
                    size="row"
                    aria-label={t('tables.removeLabel', { name: table.tableName })}
                    onClick={() => askToRemove(table, index)}
                  >
                    <TrashIcon />
                    {t('tables.remove')}
                  </Button>
                </div>
              </div>
            )}
            <ActionError message={actions.errorAt(`table-${table.id}`)} className="mt-2" />
          </li>
        ))}
      </ul>
      <TableForm
        initial={{ tableName: '', capacityFull: '6', capacityActual: '6' }}
        submitLabel={t('tables.add')}
        onSubmit={async (draft) =>
          (await actions.run('add-table', () => addTable(eventId, draft))).ok
        }
      />
      <ActionError message={actions.errorAt('add-table')} className="mt-3" />
      {confirm.dialog}
    </Panel>
  )
}
