/**
 * /single/reviewapplication and /joint/reviewapplication, 'Review your application' (spec 001 §2.4, §4.8):
 * the sections of the application, each with its own edit mode (Save re-validates with the step's domain
 * schema and writes through the step's PUT; Cancel discards), the SIN masked with a reveal, and the five
 * consent statements. Continue is disabled while a section is being edited, before consent, and once
 * clicked. An edit the server says changes what the application needs (a phone to verify again, a step
 * now missing) is followed: the applicant goes where the server says.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { hasTermRates, type ProductOffering } from '@omo/domain';
import { BusyButton } from '../../components/form/busy-button.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { currentLang, type Lang } from '../../i18n/i18n.ts';
import { revealSin, saveReviewConsent, type ApplicationView } from '../../lib/application-api.ts';
import { handleStepError, type StepData } from '../../lib/step.ts';
import { formatAddressLines } from '../address/address-lookup.ts';
import { renewalOptions, termPeriodOptions } from '../confirm-products/confirm-products-page.tsx';
import { productText } from '../confirm-products/product-card.tsx';
import {
  AddressEditor,
  CodesEditor,
  JointEditor,
  PersonalEditor,
  ProductsEditor,
  SinEditor,
  type EditorProps,
} from './review-editors.tsx';
import { ReviewSection, type SummaryRow } from './review-section.tsx';
import './review.css';

const SECTION_IDS = ['personal', 'joint', 'address', 'products', 'other', 'sin'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** The five statements the consent covers (spec 001 §2.4), as i18n keys. */
export const CONSENT_STATEMENTS = [
  'review.consent.creditBureau',
  'review.consent.electronicDelivery',
  'review.consent.noThirdParty',
  'review.consent.privacy',
  'review.consent.trueAndComplete',
] as const;

function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line) => (
        <span className="summary-list__line" key={line}>
          {line}
        </span>
      ))}
    </>
  );
}

/** A date of birth as words in the interface language ('May 10, 1980', '10 mai 1980'). */
function formatBirthDate(info: NonNullable<ApplicationView['personalInfo']>, lang: Lang): string {
  const [y, m, d] = [info.dob_year, info.dob_month, info.dob_day].map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Home or mailing address lines of the saved address. */
function addressLines(
  address: NonNullable<ApplicationView['address']>,
  kind: 'home' | 'mailing',
  lang: Lang,
) {
  const pick = (home: string, mailing: string) =>
    String((address as Record<string, unknown>)[kind === 'home' ? home : mailing] ?? '');
  return formatAddressLines(
    {
      streetNumber: pick('streetNumber', 'maStreetNumber'),
      unitNumber: pick('unitNumber', 'maUnitNumber'),
      streetName: pick('streetName', 'maStreetName'),
      cityName: pick('cityName', 'maCityName'),
      provinceName: pick('provinceName', 'maProvinceName'),
      postalCode: pick('postalCode', 'maPostalCode'),
      country: pick('country', 'maCountry'),
    },
    lang,
  );
}

/** The SIN, masked, with a Show/Hide that asks the server for it (kept in memory only while shown). */
function SinReveal({ masked }: { masked: string }) {
  const { t } = useTranslation();
  const [sin, setSin] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(false);
  const [hasFailed, setFailed] = useState(false);
  const onToggle = async () => {
    if (sin) {
      setSin(null);
      return;
    }
    setLoading(true);
    setFailed(false);
    try {
      setSin(await revealSin());
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  const what = t('sin.what');
  return (
    <div className="sin-reveal">
      <span className="sin-reveal__value" id="sin-value" aria-label={sin ? undefined : t('review.sinMasked')}>
        {sin ?? masked}
      </span>
      <BusyButton
        type="button"
        className="reveal__button"
        isBusy={isLoading}
        aria-controls="sin-value"
        aria-label={sin ? t('formControls.hideLabel', { what }) : t('formControls.showLabel', { what })}
        onClick={() => void onToggle()}
      >
        {sin ? t('formControls.hide') : t('formControls.show')}
      </BusyButton>
      <span className="visually-hidden" aria-live="polite">
        {sin ? t('formControls.shownStatus', { what }) : ''}
      </span>
      {hasFailed ? (
        <p className="notice notice--error" role="alert">
          {t('review.sinRevealFailed')}
        </p>
      ) : null}
    </div>
  );
}

export function ReviewApplicationPage() {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const navigate = useNavigate();
  const data = useLoaderData<StepData>();
  const [view, setView] = useState(data.view);
  // The last saved view, for a section saved after another (its answers merge into the newest).
  const latest = useRef(data.view);
  const { products } = data;
  const [editing, setEditing] = useState<ReadonlySet<SectionId>>(new Set());
  const [hasConsent, setConsent] = useState(view.reviewConsent);
  const [isContinuing, setContinuing] = useState(false);
  const [hasContinueFailed, setContinueFailed] = useState(false);
  const [withErrors, setWithErrors] = useState<ReadonlySet<SectionId>>(new Set());
  const title = t('review.title');
  usePageTitle(title, withErrors.size > 0);
  const markErrors = useCallback((id: SectionId, hasErrors: boolean) => {
    setWithErrors((s) => {
      if (s.has(id) === hasErrors) return s;
      const next = new Set(s);
      if (hasErrors) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  // One stable callback per section (SectionForm tells it whenever its errors come or go).
  const errorCallbacks = useMemo(
    () =>
      Object.fromEntries(
        SECTION_IDS.map((id) => [id, (hasErrors: boolean) => markErrors(id, hasErrors)]),
      ) as Record<SectionId, (hasErrors: boolean) => void>,
    [markErrors],
  );

  const open = (id: SectionId) => setEditing((s) => new Set(s).add(id));
  const close = (id: SectionId) => {
    markErrors(id, false);
    setEditing((s) => {
      const next = new Set(s);
      next.delete(id);
      return next;
    });
  };
  const onSaved = (id: SectionId) => async (next: ApplicationView) => {
    setView(next);
    latest.current = next;
    // The edit changed what the application needs (a phone to verify again, a step now missing): go there.
    if (!next.progress.steps.find((s) => s.id === 'reviewapplication')?.canVisit) {
      await navigate(next.nextPath);
      return;
    }
    close(id);
  };
  const editorProps = (id: SectionId, sectionTitle: string): EditorProps => ({
    title: sectionTitle,
    view,
    products,
    onSaved: (next) => void onSaved(id)(next),
    onCancel: () => close(id),
    onErrors: errorCallbacks[id],
  });

  const onContinue = async () => {
    setContinuing(true);
    setContinueFailed(false);
    try {
      await navigate((await saveReviewConsent()).nextPath);
    } catch (error) {
      if ((await handleStepError(error, { navigate })) === 'failed') {
        setContinueFailed(true);
        setContinuing(false);
      }
    }
  };

  const info = view.personalInfo;
  const none = t('review.none');
  const termProduct = products.find((p: ProductOffering) => hasTermRates(p));
  const sections: {
    id: SectionId;
    title: string;
    rows: SummaryRow[];
    editor?: () => React.ReactNode;
    extra?: React.ReactNode;
  }[] = [];

  if (info) {
    sections.push({
      id: 'personal',
      title: t('review.sections.personal'),
      rows: [
        {
          label: t('review.name'),
          value: [info.firstName, info.middleName, info.lastName].filter(Boolean).join(' '),
        },
        { label: t('personalInfo.dob'), value: formatBirthDate(info, lang) },
        {
          label: t('personalInfo.phone'),
          value: `${info.phoneNumber} (${info.phoneType === 'home' ? t('personalInfo.phoneHome') : t('personalInfo.phoneMobile')})`,
        },
        { label: t('createProfile.email'), value: view.email },
      ],
      editor: () => (
        <PersonalEditor
          {...editorProps('personal', t('review.sections.personal'))}
          latestView={() => latest.current}
        />
      ),
    });
    if (info.hasJointApp === 'yes') {
      sections.push({
        id: 'joint',
        title: t('review.sections.joint'),
        rows: [
          {
            label: t('review.name'),
            value: `${info.jointFirstName ?? ''} ${info.jointLastName ?? ''}`.trim(),
          },
          { label: t('personalInfo.jointEmail'), value: info.jointEmail ?? '' },
        ],
        editor: () => (
          <JointEditor
            {...editorProps('joint', t('review.sections.joint'))}
            latestView={() => latest.current}
          />
        ),
      });
    }
  }
  if (view.address) {
    const address = view.address;
    sections.push({
      id: 'address',
      title: t('review.sections.address'),
      rows: [
        { label: t('review.homeAddress'), value: <Lines lines={addressLines(address, 'home', lang)} /> },
        {
          label: t('review.mailingAddress'),
          value: address.isMailingAddressSame ? (
            t('review.mailingSame')
          ) : (
            <Lines lines={addressLines(address, 'mailing', lang)} />
          ),
        },
      ],
      editor: () => <AddressEditor {...editorProps('address', t('review.sections.address'))} />,
    });
  }
  const productRows: SummaryRow[] = products.map((p, i) => ({
    label: t('review.product', { number: i + 1 }),
    value: productText(p, lang).description,
  }));
  if (termProduct && view.products) {
    const labelOf = (options: { value: string; fullLabel?: string; label: string }[], value: string) => {
      const option = options.find((o) => o.value === value);
      return option ? (option.fullLabel ?? option.label) : value;
    };
    productRows.push(
      {
        label: t('confirmProducts.termLength'),
        value: labelOf(termPeriodOptions(termProduct, lang, t), view.products.termPeriod),
      },
      {
        label: t('confirmProducts.renewal'),
        value: labelOf(renewalOptions(termProduct, t), view.products.termOption),
      },
    );
  }
  const productsTitle = t('review.sections.products');
  sections.push({
    id: 'products',
    title: productsTitle,
    rows: productRows,
    // The products and their term are the application's: only the primary applicant changes them.
    ...(termProduct && view.flow === 'single'
      ? {
          editor: () => (
            <ProductsEditor {...editorProps('products', productsTitle)} termProduct={termProduct} />
          ),
        }
      : {}),
  });
  // The codes are the application's, given by the primary applicant: the co-applicant's review has none.
  if (view.flow === 'single') {
    sections.push({
      id: 'other',
      title: t('review.sections.other'),
      rows: [
        { label: t('createProfile.promoCode'), value: view.promoCode || none },
        { label: t('createProfile.referralCode'), value: view.referralCode || none },
      ],
      editor: () => <CodesEditor {...editorProps('other', t('review.sections.other'))} />,
    });
  }
  if (view.sin.provided && view.sin.masked) {
    sections.push({
      id: 'sin',
      title: t('review.sections.sin'),
      rows: [],
      extra: <SinReveal masked={view.sin.masked} />,
      editor: () => <SinEditor {...editorProps('sin', t('review.sections.sin'))} />,
    });
  }

  const isEditing = editing.size > 0;
  return (
    <div className="panel">
      {hasContinueFailed ? (
        <p className="notice notice--error" role="alert">
          {t('formControls.submitFailed')}
        </p>
      ) : null}
      <PageHeading>{title}</PageHeading>
      <p className="lead">{t('review.lead')}</p>
      {sections.map((section) => (
        <ReviewSection
          key={section.id}
          id={section.id}
          title={section.title}
          rows={section.rows}
          isEditing={editing.has(section.id)}
          {...(section.editor ? { onEdit: () => open(section.id), editor: section.editor() } : {})}
          extra={section.extra}
        />
      ))}

      <section className="review-consent" aria-labelledby="consent-title">
        <h2 className="review-section__title" id="consent-title">
          {t('review.consent.title')}
        </h2>
        <p id="consent-intro">{t('review.consent.intro')}</p>
        <ol className="review-consent__statements" id="consent-statements">
          {CONSENT_STATEMENTS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ol>
        <div className="field">
          <div className="checkbox">
            <input
              className="checkbox__input"
              type="checkbox"
              id="reviewConsent"
              aria-describedby="consent-intro consent-statements"
              checked={hasConsent}
              onChange={(event) => setConsent(event.target.checked)}
            />
            <label className="checkbox__label" htmlFor="reviewConsent">
              {t('review.consent.label')}
            </label>
          </div>
        </div>
      </section>

      {isEditing ? (
        <p className="field__hint" id="continue-hint">
          {t('review.finishEditing')}
        </p>
      ) : null}
      <div className="actions">
        <BusyButton
          type="button"
          isBusy={isContinuing}
          disabled={isEditing || !hasConsent}
          aria-describedby={isEditing ? 'continue-hint' : undefined}
          onClick={() => void onContinue()}
        >
          {t('common.continue')}
        </BusyButton>
      </div>
    </div>
  );
}
