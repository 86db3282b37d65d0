/**
 * /single/verifyidentification and /joint/verifyidentification: the identity could not be
 * confirmed online, so the applicant shows ID in person. Two ways: the branch nearest their home (with
 * its phone, to book an appointment) and the ID to bring; or a post office, with the barcode of their
 * request (CanadaPostCreate, created once by the server), the nearest post office and its hours for each
 * weekday, the ID list, the proof-of-address note, the consent and a privacy link. Either panel that
 * cannot be loaded falls back to the contact centre's phone (its failure is not an error of the page).
 */
import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { longDayOf, type CanadaPostCreateResponse, type PostOffice } from '@omo/domain';
import { LoadingIndicator } from '../components/loading-indicator.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { PhoneText } from '../components/phone-text.tsx';
import { usePageTitle } from '../components/use-page-title.ts';
import { useAppConfig } from '../config/use-app-config.ts';
import { currentLang, type Lang } from '../i18n/i18n.ts';
import { createPostOfficeRequest, getNearestBranch } from './outcome-api.ts';
import { BranchPanel, useLoaded, type Loaded } from './branch-panel.tsx';
import { EmailedNote } from './emailed-note.tsx';
import type { OutcomeData } from './outcome-loader.ts';
import { StaffMessages } from './staff-messages.tsx';
import './outcomes.css';

/** Government photo IDs accepted in person. */
const PHOTO_IDS = [
  'driversLicence',
  'passport',
  'nexus',
  'provincialId',
  'permanentResident',
  'indianStatus',
] as const;

/** Monday first; dayOfWeek 0 is Sunday. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

/** 'Monday' / 'lundi' for a dayOfWeek (0 Sunday). */
function weekdayName(dayOfWeek: number, lang: Lang): string {
  // 2024-01-07 was a Sunday.
  const date = new Date(Date.UTC(2024, 0, 7 + dayOfWeek, 12));
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
    weekday: 'long',
    timeZone: 'UTC',
  }).format(date);
}

/** One way to have the identity confirmed in person: where (`place`), what to bring, what else it asks. */
function IdOption({
  id,
  title,
  place,
  children,
}: {
  id: string;
  title: string;
  place: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="outcome__option" aria-labelledby={id}>
      <h2 className="form-section__title" id={id}>
        {title}
      </h2>
      {place}
      <p>{t('outcomes.verifyId.bring')}</p>
      <PhotoIdList />
      {children}
    </section>
  );
}

/** '17:30' as the language writes a time: '5:30 p.m.' / '17 h 30'. */
function timeText(time: string, lang: Lang): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const date = new Date(Date.UTC(2024, 0, 1, hours, minutes));
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(date);
}

function PhotoIdList() {
  const { t } = useTranslation();
  return (
    <ul className="bullets">
      {PHOTO_IDS.map((id) => (
        <li key={id}>{t(`outcomes.verifyId.ids.${id}`)}</li>
      ))}
    </ul>
  );
}

function Hours({ office, lang }: { office: PostOffice; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <table className="data-table outcome__hours">
      <caption>{t('outcomes.verifyId.postOffice.hours')}</caption>
      <tbody>
        {WEEK.map((day) => {
          const hours = office.hours.find((h) => h.dayOfWeek === day);
          return (
            <tr key={day}>
              <th scope="row">{weekdayName(day, lang)}</th>
              <td>
                {hours
                  ? t('outcomes.verifyId.postOffice.open', {
                      from: timeText(hours.openingTime, lang),
                      to: timeText(hours.closingTime, lang),
                    })
                  : t('outcomes.verifyId.postOffice.closed')}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function PostOfficePanel({ request }: { request: Loaded<CanadaPostCreateResponse> }) {
  const { t, i18n } = useTranslation();
  const { contactPhone } = useAppConfig();
  if (request.state === 'loading') {
    return <LoadingIndicator inline label={t('outcomes.verifyId.postOffice.loading')} />;
  }
  if (request.state === 'failed') {
    return (
      <p>
        <PhoneText i18nKey="outcomes.verifyId.postOffice.none" phone={contactPhone} />
      </p>
    );
  }
  const { dssNumber, barcodeText, postOffice } = request.value;
  const lang = currentLang(i18n);
  const lines = postOffice
    ? [postOffice.address.line1, postOffice.address.line2, postOffice.address.line3].filter(
        (line): line is string => Boolean(line),
      )
    : [];
  return (
    <>
      <p>{t('outcomes.verifyId.postOffice.barcodeIntro')}</p>
      <figure className="outcome__barcode">
        <img
          src={`data:image/png;base64,${dssNumber}`}
          alt={t('outcomes.verifyId.postOffice.barcodeAlt', { number: barcodeText })}
        />
        <figcaption>{t('outcomes.verifyId.postOffice.requestNumber', { number: barcodeText })}</figcaption>
      </figure>
      {postOffice ? (
        <>
          <h3 className="outcome__place-title">{t('outcomes.verifyId.postOffice.nearest')}</h3>
          <address className="outcome__address">
            <strong>{postOffice.name}</strong>
            {lines.map((line) => (
              <span key={line}>
                <br />
                {line}
              </span>
            ))}
            <br />
            {postOffice.address.city} {postOffice.address.province} {postOffice.address.postalCode}
          </address>
          <Hours office={postOffice} lang={lang} />
        </>
      ) : null}
    </>
  );
}

/**
 * What the applicant keeps: the reference, the last day (once the request is known) and a print button
 * (the page prints as the instructions alone; a browser's printer saves them as a PDF).
 */
function Instructions({ refNo, request }: { refNo: string; request: Loaded<CanadaPostCreateResponse> }) {
  const { t, i18n } = useTranslation();
  const showBy = request.state === 'loaded' ? request.value.showBy : null;
  return (
    <div className="outcome__highlight">
      <p className="outcome__label">{t('outcomes.refNo', { refNo })}</p>
      {showBy ? (
        <p className="outcome__label">
          {t('outcomes.verifyId.showBy', { date: longDayOf(showBy, currentLang(i18n)) })}
        </p>
      ) : null}
      <div className="outcome__print">
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          {t('outcomes.verifyId.print')}
        </button>
        <p className="field__hint">{t('outcomes.verifyId.printHint')}</p>
      </div>
    </div>
  );
}

export function VerifyIdentificationPage() {
  const { t } = useTranslation();
  const { institutionName, privacyPolicyUrl } = useAppConfig();
  const { decision, view } = useLoaderData<OutcomeData>();
  const title = t('outcomes.verifyId.title');
  usePageTitle(title);
  const branch = useLoaded(async (signal) => (await getNearestBranch(signal)).branch);
  const request = useLoaded((signal) => createPostOfficeRequest(decision.response.applicantId ?? '', signal));

  return (
    <div className="panel panel--wide outcome outcome--instructions">
      <PageHeading>{title}</PageHeading>
      <p className="lead outcome__lead">{t('outcomes.verifyId.lead', { institution: institutionName })}</p>
      <StaffMessages />
      <Instructions refNo={view.appRefNo} request={request} />
      <EmailedNote />
      <div className="outcome__options">
        <IdOption
          id="branch-title"
          title={t('outcomes.verifyId.branch.title')}
          place={<BranchPanel branch={branch} />}
        />
        <IdOption
          id="post-office-title"
          title={t('outcomes.verifyId.postOffice.title')}
          place={<PostOfficePanel request={request} />}
        >
          <p>{t('outcomes.verifyId.postOffice.proofOfAddress')}</p>
          <p>{t('outcomes.verifyId.postOffice.consent', { institution: institutionName })}</p>
          <p>
            <a href={privacyPolicyUrl}>{t('outcomes.verifyId.postOffice.privacy')}</a>
          </p>
        </IdOption>
      </div>
    </div>
  );
}
