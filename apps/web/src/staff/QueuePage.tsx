import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { QUEUE_REASONS, type StaffQueueRow } from '@omo/domain';
import { api } from './api.ts';
import type { Me } from './App.tsx';
import type { Texts } from './texts.ts';

type Row = StaffQueueRow;

type SortKey = 'reference' | 'reason' | 'state' | 'age' | 'assignee';
const FILTERS = ['reason', 'state', 'product', 'olderThanHours', 'mine', 'q'] as const;

export function QueuePage({ t }: { me: Me; t: Texts }) {
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [cursors, setCursors] = useState<string[]>([]);
  const [page, setPage] = useState<{ rows: Row[]; next: string | null } | null>(null);
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'age', descending: true });

  const url = useMemo(() => {
    const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
    // Age is sorted by the server (keyset order); the other columns sort the page shown.
    if (sort.key === 'age' && !sort.descending) params.set('order', 'newest');
    const after = cursors.at(-1);
    if (after) params.set('after', after);
    return `/api/queue?${params}`;
  }, [filters, cursors, sort]);

  useEffect(() => {
    let live = true;
    void api<{ rows: Row[]; next: string | null }>('GET', url).then((found) => {
      if (live) setPage(found);
    });
    return () => {
      live = false;
    };
  }, [url]);

  const rows = useMemo(() => {
    if (!page) return [];
    if (sort.key === 'age') return page.rows;
    const value = (r: Row) =>
      sort.key === 'reference'
        ? r.reference
        : sort.key === 'reason'
          ? t.reasons[r.reason]
          : sort.key === 'state'
            ? t.states[r.state]
            : (r.assignee?.name ?? '');
    const sorted = [...page.rows].sort((a, b) => value(a).localeCompare(value(b)));
    return sort.descending ? sorted.reverse() : sorted;
  }, [page, sort, t]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setCursors([]);
    setFilters(
      Object.fromEntries(
        FILTERS.map((name) => [
          name,
          name === 'mine' ? (data.get(name) ? 'true' : '') : String(data.get(name) ?? '').trim(),
        ]),
      ),
    );
  }

  const header = (key: SortKey, label: string) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
        <button
          type="button"
          className="sort"
          onClick={() => {
            setCursors([]);
            setSort({ key, descending: active ? !sort.descending : key === 'age' });
          }}
        >
          {label}
          <span aria-hidden="true">{active ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
        </button>
      </th>
    );
  };

  return (
    <>
      <h1>{t.queue}</h1>
      <form className="filters" onSubmit={submit} role="search">
        <div className="field wide">
          <label htmlFor="q">{t.search}</label>
          <input id="q" name="q" defaultValue={filters.q ?? ''} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="reason">{t.reason}</label>
          <select id="reason" name="reason" defaultValue={filters.reason ?? ''}>
            <option value="">{t.any}</option>
            {QUEUE_REASONS.map((r) => (
              <option key={r} value={r}>
                {t.reasons[r]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="state">{t.state}</label>
          <select id="state" name="state" defaultValue={filters.state ?? ''}>
            <option value="">{t.any}</option>
            {(['deciding', 'pending', 'decided'] as const).map((s) => (
              <option key={s} value={s}>
                {t.decisionStates[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field narrow">
          <label htmlFor="product">{t.product}</label>
          <input id="product" name="product" defaultValue={filters.product ?? ''} inputMode="numeric" />
        </div>
        <div className="field narrow">
          <label htmlFor="olderThanHours">{t.olderThan}</label>
          <input
            id="olderThanHours"
            name="olderThanHours"
            defaultValue={filters.olderThanHours ?? ''}
            inputMode="numeric"
          />
        </div>
        <div className="field check">
          <input id="mine" name="mine" type="checkbox" defaultChecked={filters.mine === 'true'} />
          <label htmlFor="mine">{t.mine}</label>
        </div>
        <button type="submit">{t.filter}</button>
      </form>
      <table className="grid">
        <caption className="visually-hidden">{t.queue}</caption>
        <thead>
          <tr>
            {header('reference', t.reference)}
            {header('reason', t.reason)}
            {header('state', t.state)}
            <th scope="col">{t.products}</th>
            {header('age', t.age)}
            {header('assignee', t.assignee)}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.applicationId}>
              <td>
                <a href={`#/case/${r.applicationId}`}>{r.reference}</a>
              </td>
              <td>
                {r.reviewReason
                  ? t.reasonWhy(t.reasons[r.reason], t.reviewReasons[r.reviewReason])
                  : t.reasons[r.reason]}
              </td>
              <td>{t.states[r.state]}</td>
              <td>{r.productIds.join(', ')}</td>
              <td className={r.late ? 'late' : undefined}>
                {r.ageHours} / {r.targetHours}
                {r.late ? ` (${t.late})` : ''}
              </td>
              <td>{r.assignee?.name ?? t.nobody}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {page && page.rows.length === 0 && <p role="status">{t.empty}</p>}
      <nav className="pager" aria-label={t.queue}>
        {cursors.length > 0 && (
          <button type="button" className="secondary" onClick={() => setCursors([])}>
            {t.first}
          </button>
        )}
        {page?.next && (
          <button type="button" className="secondary" onClick={() => setCursors([...cursors, page.next!])}>
            {t.next}
          </button>
        )}
      </nav>
    </>
  );
}
