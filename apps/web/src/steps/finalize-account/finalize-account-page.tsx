/**
 * /single/finalizeaccount, 'Finalize your account': how each selected account will be used. For every
 * product, the ways money comes in and the deposit methods are ticked, and for each way ticked, how often
 * (1 to 3; a way not ticked is 0 Never: decision 0104); registered plans ask the shorter form (no cash, ABM or branch rows). The shares the
 * answers give are shown as the domain computes them. When the page opens, the server runs the identity
 * check unless it is done or skipped; Continue waits for it. A check the provider did not answer does not
 * hold the applicant: the server retries it in the background (decision 0050).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useLoaderData, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import * as z from 'zod/mini';
import {
  FHSA_DEFAULT_PURPOSE,
  accountUsageSchemaFor,
  computeDepositPercentages,
  isRegisteredPlanCategory,
  type AccountUsageAnswers,
  type ProductOffering,
} from '@omo/domain';
import { RadioGroup } from '../../components/form/radio-group.tsx';
import { StepForm } from '../../components/form/step-form.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { currentLang } from '../../i18n/i18n.ts';
import { runIdentityCheck, saveAccountUsage } from '../../lib/application-api.ts';
import { handleStepError, useStepForm, type StepData } from '../../lib/step.ts';
import { productDescription } from '../../lib/product-text.ts';
import './finalize-account.css';

const CREDIT_ROWS = ['cash', 'cheque', 'payroll', 'eft'] as const;
const DEPOSIT_ROWS = ['branch', 'atm', 'wires', 'eft'] as const;
/** Rows the retirement and tax-free plans do not ask. */
const NOT_FOR_REGISTERED = new Set(['cash', 'atm', 'branch']);
/** How often a way that is used is used (0 Never is an unticked way). */
const USED_ANSWERS = ['1', '2', '3'] as const;
/** An unticked way: Never. */
const NEVER = '0';

type Group = 'creditSources' | 'depositSources';
type GroupValues = Record<string, string>;
type FormValues = Record<string, { creditSources: GroupValues; depositSources: GroupValues }>;

/** The form's key of a product: a letter first, so react-hook-form never reads an id as an array index. */
const keyOf = (productId: string) => `p${productId}`;

function rowsOf(product: ProductOffering, group: Group): readonly string[] {
  const rows = group === 'creditSources' ? CREDIT_ROWS : DEPOSIT_ROWS;
  return isRegisteredPlanCategory(product.accountCategory)
    ? rows.filter((r) => !NOT_FOR_REGISTERED.has(r))
    : rows;
}

/** Field names in page order: each product's rows, then its group (the at-least-one rule). */
function fieldsOf(products: readonly ProductOffering[]): string[] {
  return products.flatMap((p) =>
    (['creditSources', 'depositSources'] as const).flatMap((group) => [
      ...rowsOf(p, group).map((row) => `${keyOf(p.productID)}.${group}.${row}`),
      `${keyOf(p.productID)}.${group}`,
    ]),
  );
}

function initialValues(
  products: readonly ProductOffering[],
  saved: StepData['view']['accountUsage'],
): FormValues {
  return Object.fromEntries(
    products.map((p) => {
      const answers = saved?.[p.productID];
      // A way not ticked is Never: a new form starts with none ticked (decision 0104).
      const group = (name: Group) =>
        Object.fromEntries(
          rowsOf(p, name).map((row) => [row, answers ? String(answers[name][row] ?? NEVER) : NEVER]),
        );
      return [
        keyOf(p.productID),
        { creditSources: group('creditSources'), depositSources: group('depositSources') },
      ];
    }),
  );
}

export function FinalizeAccountPage() {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const navigate = useNavigate();
  const { view, products } = useLoaderData<StepData>();
  const isChecked = view.progress.steps.find((s) => s.id === 'identitycheck')?.complete ?? true;
  // Details the identity was checked on were changed: the applicant is told why the check runs again.
  const isRecheck = view.identity.recheck === true;
  const [checkState, setCheckState] = useState<'done' | 'running' | 'failed'>(isChecked ? 'done' : 'running');

  // The identity check runs once when the page opens, unless the server has it already.
  const started = useRef(false);
  useEffect(() => {
    if (isChecked || started.current) return;
    started.current = true;
    void (async () => {
      try {
        // A check the provider did not answer ('error') is retried by the server in the background:
        // the applicant goes on, and the decision waits for it (decision 0050).
        await runIdentityCheck();
        setCheckState('done');
      } catch (error) {
        if ((await handleStepError(error, { navigate })) === 'failed') setCheckState('failed');
      }
    })();
  }, [isChecked, navigate]);

  const schema = useMemo(
    () => z.object(Object.fromEntries(products.map((p) => [keyOf(p.productID), accountUsageSchemaFor(p)]))),
    [products],
  );
  const fields = useMemo(() => fieldsOf(products), [products]);
  const { form, messageOf, frame } = useStepForm<FormValues, Record<string, AccountUsageAnswers>>({
    schema: schema as never,
    defaultValues: initialValues(products, view.accountUsage),
    fields,
    save: (values) =>
      saveAccountUsage(
        Object.fromEntries(products.map((p) => [p.productID, values[keyOf(p.productID)]!])) as never,
      ),
    fieldOfPath: (path) => path.replace(/^([^.]+)/, (id) => keyOf(id)),
  });
  const { register, control } = form;
  const watched = useWatch({ control }) as FormValues;
  const title = t('finalizeAccount.title');
  // One summary line per question group (naming the account when there are several), linking to the
  // first row left unanswered: eight identical lines would not say where to look.
  const summary = products.flatMap((product) =>
    (['creditSources', 'depositSources'] as const).flatMap((group) => {
      const groupId = `${keyOf(product.productID)}.${group}`;
      const rowIds = rowsOf(product, group).map((row) => `${groupId}.${row}`);
      const first = rowIds.find((id) => messageOf(id));
      const message = (first && messageOf(first)) ?? messageOf(groupId);
      if (!message) return [];
      const where = t(`finalizeAccount.${group}.legend`);
      const prefix = products.length > 1 ? `${productDescription(product, lang)}: ` : '';
      return [{ fieldId: first ?? groupId, message: `${prefix}${where} ${message}` }];
    }),
  );
  usePageTitle(title, summary.length > 0);

  const sourceLabel = (group: Group, row: string) =>
    t(`finalizeAccount.${group}.${row}` as 'finalizeAccount.creditSources.cash');
  const answerOptions = USED_ANSWERS.map((value) => ({
    value,
    label: t(`finalizeAccount.answers.${value}`),
  }));

  /** The shares of a group as the domain computes them, once every row of the group is answered. */
  const sharesOf = (product: ProductOffering, group: Group): string | null => {
    const values = watched[keyOf(product.productID)]?.[group] ?? {};
    const rows = rowsOf(product, group);
    if (rows.some((row) => !/^[0-3]$/.test(values[row] ?? ''))) return null;
    const numbers = Object.fromEntries(rows.map((row) => [row, Number(values[row])]));
    const answers: AccountUsageAnswers =
      group === 'creditSources'
        ? { creditSources: numbers, depositSources: {} }
        : { creditSources: {}, depositSources: numbers };
    const shares = computeDepositPercentages(answers);
    const shareOf: Record<string, number> =
      group === 'creditSources'
        ? {
            cash: shares.cashPrct,
            cheque: shares.chequePrct,
            payroll: shares.payrollPrct,
            eft: shares.eftPrct,
          }
        : {
            branch: shares.branchPrct,
            atm: shares.atmPrct,
            wires: shares.wiresPrct,
            eft: shares.depositEftPrct,
          };
    const parts = rows.filter((row) => (shareOf[row] ?? 0) > 0);
    if (parts.length === 0) return null;
    return parts
      .map((row) => t('finalizeAccount.share', { source: sourceLabel(group, row), share: shareOf[row] ?? 0 }))
      .join(', ');
  };

  return (
    <StepForm
      title={title}
      lead={t('finalizeAccount.lead')}
      frame={{ ...frame, summary, hasSubmitFailed: frame.hasSubmitFailed || checkState === 'failed' }}
      isSubmitDisabled={checkState !== 'done'}
      beforeForm={
        <>
          {isRecheck ? <p className="notice">{t('finalizeAccount.recheck')}</p> : null}
          {checkState === 'running' ? <LoadingIndicator label={t('finalizeAccount.checking')} /> : null}
        </>
      }
    >
      {products.map((product) => {
        const key = keyOf(product.productID);
        const headingId = `usage-${product.productID}`;
        return (
          <section className="form-section usage" key={product.productID} aria-labelledby={headingId}>
            <h2 className="form-section__title" id={headingId}>
              {productDescription(product, lang)}
            </h2>
            {product.accountCategory === 'FHSA' ? (
              <p className="usage__purpose">
                {t('finalizeAccount.fhsaPurpose', {
                  purpose: t(`legalTerms.purposes.${FHSA_DEFAULT_PURPOSE}`),
                })}
              </p>
            ) : null}
            {(['creditSources', 'depositSources'] as const).map((group) => {
              const groupId = `${key}.${group}`;
              const shares = sharesOf(product, group);
              const groupError = messageOf(groupId);
              return (
                <fieldset
                  className={groupError ? 'usage__group field--error' : 'usage__group'}
                  key={group}
                  id={groupId}
                  tabIndex={-1}
                  aria-describedby={groupError ? `${groupId}-error` : undefined}
                >
                  <legend className="fieldset__legend fieldset__legend--heading">
                    {t(`finalizeAccount.${group}.legend`)}
                  </legend>
                  <p className="field__hint">{t('finalizeAccount.tickThenHowOften')}</p>
                  {groupError ? (
                    <p className="field__error" id={`${groupId}-error`}>
                      <span className="visually-hidden">{t('layout.errorPrefix', { title: '' })}</span>
                      {groupError}
                    </p>
                  ) : null}
                  {rowsOf(product, group).map((row) => {
                    const id = `${key}.${group}.${row}`;
                    const value = watched[key]?.[group]?.[row] ?? NEVER;
                    const isUsed = value !== NEVER;
                    return (
                      <div className="usage__way" key={row}>
                        <div className="checkbox">
                          <input
                            className="checkbox__input"
                            type="checkbox"
                            id={`${id}-used`}
                            checked={isUsed}
                            onChange={(event) => {
                              // Ticked: how often is asked; unticked: Never.
                              form.setValue(id as never, (event.target.checked ? '' : NEVER) as never);
                              form.clearErrors(id as never);
                            }}
                          />
                          <label className="checkbox__label" htmlFor={`${id}-used`}>
                            {sourceLabel(group, row)}
                          </label>
                        </div>
                        {isUsed ? (
                          <div className="conditional">
                            <RadioGroup
                              id={id}
                              legend={t('finalizeAccount.howOftenOf', { source: sourceLabel(group, row) })}
                              error={messageOf(id)}
                              options={answerOptions}
                              registration={register(id as never)}
                            />
                          </div>
                        ) : null}
                      </div>
                    );
                  })}
                  {shares ? <p className="usage__shares">{shares}</p> : null}
                </fieldset>
              );
            })}
          </section>
        );
      })}
    </StepForm>
  );
}
