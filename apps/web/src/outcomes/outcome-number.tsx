/** The highlighted number of an outcome page (the reference or the member number), named by its label. */
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';

export function OutcomeNumber({
  id,
  label,
  children,
}: {
  id: string;
  label: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="outcome__highlight">
      <p className="outcome__label" id={id}>
        {label}
      </p>
      <p className="outcome__number" aria-labelledby={id}>
        {children}
      </p>
    </div>
  );
}

/** The application's reference number (the co-applicant's confirmation, the joint application's end). */
export function ReferenceNumber({ number }: { number: ReactNode }) {
  const { t } = useTranslation();
  return (
    <OutcomeNumber id="reference-label" label={t('outcomes.coApplicant.refNo')}>
      {number}
    </OutcomeNumber>
  );
}
