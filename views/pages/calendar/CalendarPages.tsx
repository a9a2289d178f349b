import { calendarWords, obligationPage, OBLIGATIONS_PAGE, type CalendarItemView, type ClientCalendarProps, type FirmCalendarProps, type ObligationView } from '../../../src/modules/calendar/index.js'
import { page } from '../../../src/render/page.js'
import { wordsOf } from '../../../src/shared/words.js'
import { Day, useFormats } from '../../components/When.js'
import { useWords } from '../../runtime/words.js'
import { CardTable } from '../../components/CardTable.js'
import { AdminLayout } from '../../layout/AdminLayout.js'

type Person = { id: number; username: string; entreprise: string }

function Status({ status }: { status: CalendarItemView['status'] }) {
  const label = useWords(calendarWords).statuses[status]
  return status === 'overdue' ? <strong className={`calendar-status calendar-${status}`}>{label}</strong> : <span className={`calendar-status calendar-${status}`}>{label}</span>
}

/** /calendar (contract §11): the company's declarations, what is upcoming, requested, received or late; and the feed to subscribe to. */
export const ClientCalendarPage = page<ClientCalendarProps>((_props, language) => ({ title: wordsOf(calendarWords, language).clientTitle, description: wordsOf(calendarWords, language).clientLead }), function ClientCalendarPage({ items, feedUrl }) {
  const texts = useWords(calendarWords)
  const formats = useFormats()
  return (
    <section className="container calendar-page">
      <h1>{texts.clientTitle}</h1>
      <p>{texts.clientLead}</p>
      <CardTable
        look="profile"
        caption={texts.caption}
        rows={items}
        rowKey={(item) => `${item.obligation.id}-${item.period}`}
        empty={texts.noItems}
        columns={[
          { label: texts.columns.dueDate, cell: (item) => <Day day={item.dueDate} /> },
          { label: texts.columns.obligation, wide: true, cell: (item) => item.obligation.label },
          { label: texts.columns.period, cell: (item) => formats.month(item.period) },
          { label: texts.columns.status, cell: (item) => (item.status === 'requested' || item.status === 'overdue' ? <a href={`/files?request=${item.request!.id}`}><Status status={item.status} /></a> : <Status status={item.status} />) },
        ]}
      />
      <h2>{texts.subscribeTitle}</h2>
      <p>{texts.subscribeLead}</p>
      <p>
        <code className="calendar-feed">{feedUrl}</code>
      </p>
      <p>
        <a href="/users/profile">{texts.tokensLink}</a>
      </p>
    </section>
  )
})

function Names({ people, count }: { people: Person[]; count: number }) {
  if (count === 0) return <>0</>
  return (
    <details>
      <summary>{count}</summary>
      <ul className="calendar-names">
        {people.map((p) => (
          <li key={p.id}>
            <a href={`/users/profile/${p.id}`}>{p.entreprise || p.username}</a>
          </li>
        ))}
        {count > people.length && <li>…</li>}
      </ul>
    </details>
  )
}

function appliesLabel(o: ObligationView, texts: (typeof calendarWords)['fr']): string {
  const parts = [o.appliesTo.taxRegime === 'reel' ? texts.regimeReel : o.appliesTo.taxRegime === 'ifu' ? texts.regimeIfu : '', o.appliesTo.employer ? texts.employerOnly : ''].filter(Boolean)
  return parts.length ? parts.join(', ') : texts.everyCompany
}

/** /admin-dashboard/calendar (contract §11): the months ahead, per obligation and period, which companies answered and which are late. */
export const FirmCalendarPage = page<FirmCalendarProps>((_props, language) => ({ title: wordsOf(calendarWords, language).pageTitle, description: wordsOf(calendarWords, language).pageLead, area: 'back-office' }), function FirmCalendarPage({ rows, obligations, types, canEdit }) {
  const texts = useWords(calendarWords)
  const formats = useFormats()
  const typeName = new Map(types.map((t) => [t.id, t.typeName]))
  return (
    <AdminLayout title={texts.pageTitle} lead={texts.pageLead}>
      <CardTable
        look="admin"
        caption={texts.caption}
        rows={rows}
        rowKey={(row) => `${row.obligation.id}-${row.period}`}
        empty={texts.noRows}
        columns={[
          { label: texts.columns.dueDate, cell: (row) => <Day day={row.dueDate} /> },
          { label: texts.columns.obligation, wide: true, className: 'admin-cell-text', cell: (row) => `${row.obligation.label} (${formats.month(row.period)})` },
          { label: texts.columns.companies, cell: (row) => row.companies },
          { label: texts.columns.requested, cell: (row) => row.requestedCount },
          { label: texts.columns.answered, cell: (row) => <Names people={row.answered} count={row.answeredCount} /> },
          { label: texts.columns.late, cell: (row) => <Names people={row.late} count={row.lateCount} /> },
        ]}
      />
      <h2>{texts.obligationsTitle}</h2>
      {canEdit && (
        <p>
          <a className="button button-primary" href={`${OBLIGATIONS_PAGE}/new`}>
            {texts.form.add}
          </a>
        </p>
      )}
      <CardTable
        look="admin"
        caption={texts.obligationsTitle}
        rows={obligations}
        columns={[
          { label: texts.columns.obligation, wide: true, className: 'admin-cell-text', cell: (o) => `${o.code} — ${o.label}${o.active ? '' : ` (${texts.inactive})`}` },
          { label: texts.columns.frequency, cell: (o) => texts.frequencies[o.frequency] },
          { label: texts.columns.dueDate, cell: (o) => `${o.dueDay} : ${o.dueMonths.join(', ')}` },
          { label: texts.columns.appliesTo, cell: (o) => appliesLabel(o, texts) },
          { label: texts.columns.type, className: 'admin-cell-text', cell: (o) => (o.typeId === null ? texts.noType : (typeName.get(o.typeId) ?? texts.noType)) },
          { label: texts.columns.leadDays, cell: (o) => o.leadDays },
          ...(canEdit ? [{ label: texts.form.edit, cell: (o: ObligationView) => <a href={obligationPage(o.id)} aria-label={`${texts.form.edit} ${o.code}`}>{texts.form.edit}</a> }] : []),
        ]}
      />
    </AdminLayout>
  )
})
