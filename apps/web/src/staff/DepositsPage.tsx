import { useState, type FormEvent } from 'react';
import { amountCentsOf, formatAmount, memberNumberOfReference } from '@omo/domain';
import { api, ApiError, newRequestId } from './api.ts';
import type { Me } from './App.tsx';
import type { Lang, Texts } from './texts.ts';
import { StaffField } from './ui.tsx';

type Outcome =
  | { kind: 'ok'; memberNumber: string; amountCents: number; applicationId: string }
  | { kind: 'error'; text: string };

/**
 * A first deposit arrived by Interac e-Transfer: staff type its message (the member number, the
 * reference the welcome asked for) and its amount; the server finds the member and the account awaiting
 * it (rules/deposits.ts) and e-mails the member. Auditors read only.
 */
export function DepositsPage({ me, t, lang }: { me: Me; t: Texts; lang: Lang }) {
  const [errors, setErrors] = useState<{ reference?: string; amount?: string }>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  // One id per deposit typed: a second click of the same one is answered, not recorded twice.
  const [requestId, setRequestId] = useState(newRequestId);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const reference = String(data.get('reference') ?? '');
    const amount = String(data.get('amount') ?? '');
    const memberNumber = memberNumberOfReference(reference);
    const amountCents = amountCentsOf(amount);
    const found = {
      ...(memberNumber ? {} : { reference: t.depositReferenceInvalid }),
      ...(amountCents ? {} : { amount: t.depositAmountInvalid }),
    };
    setErrors(found);
    setOutcome(null);
    if (!memberNumber || !amountCents) {
      form.querySelector<HTMLInputElement>(found.reference ? '#dep-reference' : '#dep-amount')?.focus();
      return;
    }
    setBusy(true);
    try {
      const done = await api<{ applicationId: string }>('POST', '/api/deposits', {
        requestId,
        reference,
        amount,
      });
      setOutcome({ kind: 'ok', memberNumber, amountCents, applicationId: done.applicationId });
      setRequestId(newRequestId());
      form.reset();
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      setOutcome({
        kind: 'error',
        text:
          status === 404
            ? t.depositUnknownMember(memberNumber)
            : status === 409
              ? t.depositNoneAwaiting(memberNumber)
              : status === 403
                ? t.readOnly
                : t.depositFailed,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p>
        <a href="#/">{t.back}</a>
      </p>
      <h1>{t.deposits}</h1>
      <p>{t.depositsLead}</p>
      {outcome && (
        <p role={outcome.kind === 'error' ? 'alert' : 'status'} className={outcome.kind}>
          {outcome.kind === 'ok' ? (
            <>
              {t.depositRecorded(
                // An Interac e-Transfer is in Canadian dollars.
                formatAmount(outcome.amountCents, { accountCategory: 'Chequing' }, lang),
                outcome.memberNumber,
              )}{' '}
              <a href={`#/case/${outcome.applicationId}`}>{t.depositOpenCase}</a>
            </>
          ) : (
            outcome.text
          )}
        </p>
      )}
      {me.role === 'auditor' ? (
        <p>{t.readOnly}</p>
      ) : (
        <form
          className="filters"
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-labelledby="dep-title"
        >
          <h2 id="dep-title" className="visually-hidden">
            {t.depositRecord}
          </h2>
          <StaffField
            id="dep-reference"
            label={t.depositReference}
            error={errors.reference}
            name="reference"
            required
            maxLength={40}
            autoComplete="off"
          />
          <StaffField
            id="dep-amount"
            label={t.depositAmount}
            error={errors.amount}
            className="narrow"
            name="amount"
            required
            maxLength={20}
            inputMode="decimal"
            autoComplete="off"
          />
          <button type="submit" disabled={busy}>
            {t.depositRecord}
          </button>
        </form>
      )}
    </>
  );
}
