import { useEffect, useState, type FormEvent } from 'react';
import type { StaffBlockListEntry } from '@omo/domain';
import { api } from './api.ts';
import type { Me } from './App.tsx';
import type { Texts } from './texts.ts';
import { ActionResult, ColumnHeaders, errorMessage, type ActionMessage } from './ui.tsx';

type Entry = StaffBlockListEntry;

/** The internal block list: reviewers and supervisors add, supervisors remove, auditors read. */
export function BlockListPage({ me, t }: { me: Me; t: Texts }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [version, setVersion] = useState(0);
  const [message, setMessage] = useState<ActionMessage | null>(null);

  useEffect(() => {
    let live = true;
    void api<{ entries: Entry[] }>('GET', '/api/block-list').then((read) => {
      if (live) setEntries(read.entries);
    });
    return () => {
      live = false;
    };
  }, [version]);

  async function run(call: Promise<unknown>) {
    setMessage(null);
    try {
      await call;
      setMessage({ kind: 'ok' });
    } catch (error) {
      setMessage(errorMessage(error));
    }
    setVersion((v) => v + 1);
  }

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const { birthDate, ...rest } = data;
    void run(api('POST', '/api/block-list', birthDate ? { ...rest, birthDate } : rest)).then(() =>
      form.reset(),
    );
  }

  return (
    <>
      <p>
        <a href="#/">{t.back}</a>
      </p>
      <h1>{t.blockList}</h1>
      <ActionResult message={message} t={t} />
      <table className="grid">
        <ColumnHeaders
          titles={[t.name, t.birthDate, t.note, t.who, ...(me.role === 'supervisor' ? [t.actions] : [])]}
        />
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td>
                {e.firstName} {e.lastName}
              </td>
              <td>{e.birthDate ?? '—'}</td>
              <td>{e.reason}</td>
              <td>{e.addedBy}</td>
              {me.role === 'supervisor' && (
                <td>
                  <form
                    className="inline"
                    onSubmit={(event) => {
                      event.preventDefault();
                      const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
                      void run(api('POST', `/api/block-list/${e.id}/remove`, { reason }));
                    }}
                  >
                    <label htmlFor={`remove-${e.id}`}>{t.reason}</label>
                    <input id={`remove-${e.id}`} name="reason" required minLength={3} />
                    <button type="submit" className="secondary">
                      {t.remove}
                      <span className="visually-hidden">
                        {' '}
                        {e.firstName} {e.lastName}
                      </span>
                    </button>
                  </form>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {entries.length === 0 && <p>{t.empty}</p>}
      {me.role !== 'auditor' && (
        <form className="filters" onSubmit={add} aria-labelledby="add-title">
          <h2 id="add-title" className="visually-hidden">
            {t.add}
          </h2>
          <div className="field">
            <label htmlFor="bl-first">{t.firstName}</label>
            <input id="bl-first" name="firstName" required maxLength={60} />
          </div>
          <div className="field">
            <label htmlFor="bl-last">{t.lastName}</label>
            <input id="bl-last" name="lastName" required maxLength={60} />
          </div>
          <div className="field narrow">
            <label htmlFor="bl-dob">{t.birthDate}</label>
            <input id="bl-dob" name="birthDate" pattern="\d{4}-\d{2}-\d{2}" placeholder="1980-01-31" />
          </div>
          <div className="field wide">
            <label htmlFor="bl-reason">{t.reason}</label>
            <input id="bl-reason" name="reason" required minLength={3} maxLength={500} />
          </div>
          <button type="submit">{t.add}</button>
        </form>
      )}
    </>
  );
}
