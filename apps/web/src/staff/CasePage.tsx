import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  IN_PERSON_ID_TYPES,
  PROVINCES,
  STAFF_ACTIONS,
  isStaffActionAllowedFor,
  isStaffActionAllowedOnCase,
  type QueueReason,
  type ReviewReason,
  type ScreeningHit,
  type StaffAction,
  type StaffCaseLogEntry,
  type StaffCaseState,
} from '@omo/domain';
import { api, newRequestId } from './api.ts';
import type { Me } from './App.tsx';
import type { Texts } from './texts.ts';
import { ActionResult, ColumnHeaders, errorMessage, type ActionMessage } from './ui.tsx';

interface Applicant {
  role: 'primary' | 'joint';
  reference: string;
  name: string | null;
  email: string;
  phone: string | null;
  birthDate: string | null;
  sin: string | null;
  city: string | null;
  identity: { status: string };
}

interface Case {
  applicationId: string;
  reference: string;
  productIds: string[];
  submittedAt: string | null;
  state: StaffCaseState;
  reason: QueueReason | null;
  reviewReason: ReviewReason | null;
  screeningHits: ScreeningHit[];
  decision: {
    state: 'deciding' | 'pending' | 'decided';
    round: string;
    outcome: string | null;
    memberNumber: string | null;
  } | null;
  /** Staff's question waiting for the applicant's answer. */
  question: { message: string; askedAt: string } | null;
  assignee: { name: string } | null;
  applicants: Applicant[];
  invitation: { name: string; expiresAt: string; ended: boolean } | null;
  documents: { applicant: string; side: string; contentType: string; byteSize: number }[];
  inPersonChecks: {
    applicant: string;
    idType: string;
    placeName: string;
    recordedBy: string;
    recordedAt: string;
  }[];
  decisionHistory: { round: string; claimedAt: string }[];
  emails: {
    applicant: string;
    template: string;
    language: string;
    queuedAt: string;
    sentAt: string | null;
  }[];
  log: StaffCaseLogEntry[];
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-CA', { hour12: false }) : '—');

/** The path of each action's call and whether it asks a reason. */
const CALLS: Record<StaffAction, { path: string; reason: boolean }> = {
  assign: { path: 'assign', reason: false },
  release: { path: 'release', reason: false },
  recordInPersonId: { path: 'in-person-id', reason: false },
  approveDocuments: { path: 'documents/approve', reason: false },
  refuseDocuments: { path: 'documents/refuse', reason: true },
  decline: { path: 'decline', reason: true },
  reopen: { path: 'reopen', reason: true },
  clearScreeningHit: { path: 'screening/clear', reason: true },
  recordDeposit: { path: 'deposit', reason: false },
  askApplicant: { path: 'ask', reason: false },
};

export function CasePage({ id, me, t }: { id: string; me: Me; t: Texts }) {
  const [found, setFound] = useState<Case | null>(null);
  const [message, setMessage] = useState<ActionMessage | null>(null);
  const [open, setOpen] = useState<StaffAction | null>(null);
  const [revealed, setRevealed] = useState<Record<string, string>>({});

  const load = useCallback(async () => setFound(await api<Case>('GET', `/api/cases/${id}`)), [id]);
  useEffect(() => {
    let live = true;
    void api<Case>('GET', `/api/cases/${id}`).then((read) => {
      if (live) setFound(read);
    });
    return () => {
      live = false;
    };
  }, [id]);

  async function act(action: StaffAction, body: Record<string, unknown>) {
    setMessage(null);
    try {
      await api('POST', `/api/cases/${id}/${CALLS[action].path}`, { requestId: newRequestId(), ...body });
      setOpen(null);
      setMessage({ kind: 'ok' });
    } catch (error) {
      setMessage(errorMessage(error));
    }
    await load();
  }

  async function reveal(event: FormEvent<HTMLFormElement>, applicant: Applicant, field: 'sin' | 'birthDate') {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    try {
      const { value } = await api<{ value: string | null }>('POST', `/api/cases/${id}/reveal`, {
        field,
        applicant: applicant.role,
        reason,
      });
      setRevealed({ ...revealed, [`${applicant.role}:${field}`]: value ?? '—' });
      await load();
    } catch (error) {
      setMessage(errorMessage(error));
    }
  }

  if (!found) return null;
  const canAct = me.role !== 'auditor';
  const actions = (Object.keys(STAFF_ACTIONS) as StaffAction[]).filter(
    (a) =>
      isStaffActionAllowedFor(a, me.role) && isStaffActionAllowedOnCase(a, found.state, found.reviewReason),
  );

  const masked = (applicant: Applicant, field: 'sin' | 'birthDate', label: string): ReactNode => {
    const key = `${applicant.role}:${field}`;
    const shown = applicant[field];
    if (!shown || shown === 'skipped') return shown ?? '—';
    if (revealed[key]) return <strong>{revealed[key]}</strong>;
    return (
      <span className="masked">
        {shown}
        <details>
          <summary>
            {t.reveal}
            <span className="visually-hidden"> {label}</span>
          </summary>
          <form onSubmit={(e) => void reveal(e, applicant, field)}>
            <label htmlFor={`why-${key}`}>{t.revealReason}</label>
            <input id={`why-${key}`} name="reason" required minLength={3} />
            <button type="submit">{t.reveal}</button>
          </form>
        </details>
      </span>
    );
  };

  return (
    <>
      <p>
        <a href="#/">{t.back}</a>
      </p>
      <h1>
        {t.caseOf} {found.reference}
      </h1>
      <ActionResult message={message} t={t} />
      <div className="columns">
        <div>
          <h2>{t.summary}</h2>
          <dl className="summary">
            <dt>{t.state}</dt>
            <dd>{t.states[found.state]}</dd>
            <dt>{t.reason}</dt>
            <dd>
              {!found.reason
                ? '—'
                : found.reviewReason
                  ? t.reasonWhy(t.reasons[found.reason], t.reviewReasons[found.reviewReason])
                  : t.reasons[found.reason]}
            </dd>
            <dt>{t.products}</dt>
            <dd>{found.productIds.join(', ')}</dd>
            <dt>{t.submitted}</dt>
            <dd>{when(found.submittedAt)}</dd>
            <dt>{t.assignee}</dt>
            <dd>{found.assignee?.name ?? t.nobody}</dd>
            {found.question && (
              <>
                <dt>{t.question}</dt>
                <dd>
                  {found.question.message} ({when(found.question.askedAt)})
                </dd>
              </>
            )}
            {found.decision?.memberNumber && (
              <>
                <dt>{t.memberNumber}</dt>
                <dd>{found.decision.memberNumber}</dd>
              </>
            )}
          </dl>
          <h2>{t.applicants}</h2>
          {found.applicants.map((a) => (
            <section key={a.role} aria-label={a.role === 'primary' ? t.primary : t.joint}>
              <h3>
                {a.role === 'primary' ? t.primary : t.joint} · {a.reference}
              </h3>
              <dl className="summary">
                <dt>{t.name}</dt>
                <dd>{a.name ?? '—'}</dd>
                <dt>{t.email}</dt>
                <dd>{a.email}</dd>
                <dt>{t.phone}</dt>
                <dd>{a.phone ?? '—'}</dd>
                <dt>{t.city}</dt>
                <dd>{a.city ?? '—'}</dd>
                <dt>{t.birthDate}</dt>
                <dd>{masked(a, 'birthDate', t.birthDate)}</dd>
                <dt>{t.sin}</dt>
                <dd>{masked(a, 'sin', t.sin)}</dd>
                <dt>{t.identity}</dt>
                <dd>{a.identity.status}</dd>
              </dl>
            </section>
          ))}
          {found.invitation && (
            <>
              <h2>{t.invitation}</h2>
              <dl className="summary">
                <dt>{t.name}</dt>
                <dd>{found.invitation.name}</dd>
                <dt>{t.expires}</dt>
                <dd>{when(found.invitation.expiresAt)}</dd>
              </dl>
            </>
          )}
          {found.screeningHits.length > 0 && (
            <>
              <h2>{t.screeningHits}</h2>
              <ul>
                {found.screeningHits.map((h) => (
                  <li key={`${h.role}:${h.matchId}`}>
                    {h.role === 'primary' ? t.primary : t.joint} · {h.caption} ·{' '}
                    {t.score(Math.round(h.score * 100))} · {h.datasets.join(', ')} · {h.matchId}
                  </li>
                ))}
              </ul>
            </>
          )}
          <h2>{t.documents}</h2>
          {found.documents.length === 0 ? (
            <p>{t.noDocuments}</p>
          ) : (
            <ul>
              {found.documents.map((d) => (
                <li key={`${d.applicant}:${d.side}`}>
                  {d.applicant} · {d.side} · {d.contentType} · {Math.round(d.byteSize / 1024)} kB
                </li>
              ))}
            </ul>
          )}
          {found.inPersonChecks.length > 0 && (
            <>
              <h2>{t.inPersonChecks}</h2>
              <ul>
                {found.inPersonChecks.map((c) => (
                  <li key={c.applicant}>
                    {t.idTypes[c.idType as keyof Texts['idTypes']] ?? c.idType} · {c.placeName} ·{' '}
                    {t.recordedBy} {c.recordedBy} · {when(c.recordedAt)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <aside aria-labelledby="actions-title">
          <h2 id="actions-title">{t.actions}</h2>
          {!canAct ? (
            <p>{t.readOnly}</p>
          ) : actions.length === 0 ? (
            <p>{t.noAction}</p>
          ) : (
            <ul className="actions">
              {actions.map((action) => (
                <li key={action}>
                  {action === 'recordInPersonId' ||
                  action === 'recordDeposit' ||
                  action === 'askApplicant' ||
                  CALLS[action].reason ? (
                    <details
                      open={open === action}
                      onToggle={(e) =>
                        setOpen(
                          (e.currentTarget as HTMLDetailsElement).open
                            ? action
                            : open === action
                              ? null
                              : open,
                        )
                      }
                    >
                      <summary>{t.actionNames[action]}</summary>
                      {action === 'recordInPersonId' ? (
                        <InPersonForm t={t} onSubmit={(body) => void act(action, body)} />
                      ) : action === 'askApplicant' ? (
                        <form
                          onSubmit={(e) => {
                            e.preventDefault();
                            void act(action, {
                              message: String(new FormData(e.currentTarget).get('message') ?? ''),
                            });
                          }}
                        >
                          <label htmlFor="ask-message">{t.askLabel}</label>
                          <p id="ask-hint" className="hint">
                            {t.askHint}
                          </p>
                          <textarea
                            id="ask-message"
                            name="message"
                            aria-describedby="ask-hint"
                            required
                            minLength={10}
                            maxLength={1000}
                            rows={4}
                          />
                          <button type="submit">{t.actionNames[action]}</button>
                        </form>
                      ) : action === 'recordDeposit' ? (
                        <form
                          onSubmit={(e) => {
                            e.preventDefault();
                            void act(action, {
                              amount: String(new FormData(e.currentTarget).get('amount') ?? ''),
                            });
                          }}
                        >
                          <label htmlFor="deposit-amount">{t.depositAmountLabel}</label>
                          <input
                            id="deposit-amount"
                            name="amount"
                            inputMode="decimal"
                            required
                            maxLength={20}
                          />
                          <button type="submit">{t.actionNames[action]}</button>
                        </form>
                      ) : (
                        <form
                          onSubmit={(e) => {
                            e.preventDefault();
                            void act(action, {
                              reason: String(new FormData(e.currentTarget).get('reason') ?? ''),
                            });
                          }}
                        >
                          <label htmlFor={`reason-${action}`}>{t.reasonLabel}</label>
                          <textarea
                            id={`reason-${action}`}
                            name="reason"
                            required
                            minLength={3}
                            maxLength={500}
                            rows={3}
                          />
                          <button type="submit">{t.actionNames[action]}</button>
                        </form>
                      )}
                    </details>
                  ) : (
                    <button type="button" onClick={() => void act(action, {})}>
                      {t.actionNames[action]}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
      <h2>{t.history}</h2>
      <table className="grid">
        <ColumnHeaders titles={[t.round, t.claimedAt]} />
        <tbody>
          {found.decisionHistory.map((h) => (
            <tr key={h.round}>
              <td>{h.round}</td>
              <td>{when(h.claimedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t.emails}</h2>
      <table className="grid">
        <ColumnHeaders titles={[t.template, t.applicants, t.sentAt]} />
        <tbody>
          {found.emails.map((e, i) => (
            <tr key={i}>
              <td>{e.template}</td>
              <td>
                {e.applicant} ({e.language})
              </td>
              <td>{e.sentAt ? when(e.sentAt) : t.queued}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t.log}</h2>
      <table className="grid">
        <ColumnHeaders titles={[t.when, t.who, t.what, t.note, t.session]} />
        <tbody>
          {found.log.map((l) => (
            <tr key={l.id}>
              <td>{when(l.at)}</td>
              <td>
                {l.staffName} (
                {({ ...t.roles, ...t.otherRoles } as Record<string, string>)[l.staffRole] ?? l.staffRole})
              </td>
              <td>
                {({ ...t.actionNames, ...t.otherLogActions } as Record<string, string>)[l.action] ??
                  (l.action === 'reveal' ? t.reveal : l.action)}
              </td>
              <td>{l.note ?? ''}</td>
              <td>
                <code>{l.staffSession}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function InPersonForm({ t, onSubmit }: { t: Texts; onSubmit: (body: Record<string, unknown>) => void }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(Object.fromEntries(new FormData(e.currentTarget)));
      }}
    >
      <label htmlFor="idType">{t.idType}</label>
      <select id="idType" name="idType" required>
        {IN_PERSON_ID_TYPES.map((type) => (
          <option key={type} value={type}>
            {t.idTypes[type]}
          </option>
        ))}
      </select>
      <label htmlFor="idNumber">{t.idNumber}</label>
      <input id="idNumber" name="idNumber" required minLength={4} maxLength={30} autoComplete="off" />
      <label htmlFor="expiry">{t.expiry}</label>
      <input id="expiry" name="expiry" required pattern="\d{4}-\d{2}-\d{2}" placeholder="2030-12-31" />
      <label htmlFor="issuingProvince">{t.province}</label>
      <select id="issuingProvince" name="issuingProvince" required>
        {PROVINCES.map((p) => (
          <option key={p.code} value={p.code}>
            {t.languageName === 'en' ? p.nameFr : p.nameEn}
          </option>
        ))}
      </select>
      <fieldset>
        <legend>{t.place}</legend>
        <input id="place-branch" type="radio" name="place" value="branch" defaultChecked />
        <label htmlFor="place-branch">{t.branch}</label>
        <input id="place-postOffice" type="radio" name="place" value="postOffice" />
        <label htmlFor="place-postOffice">{t.postOffice}</label>
      </fieldset>
      <label htmlFor="placeName">{t.placeName}</label>
      <input id="placeName" name="placeName" required minLength={2} maxLength={120} />
      <button type="submit">{t.actionNames.recordInPersonId}</button>
    </form>
  );
}
