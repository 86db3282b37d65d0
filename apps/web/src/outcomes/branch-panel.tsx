/**
 * The branch nearest the applicant's home (GET Application/NearestBranch), with its phone to book an
 * appointment; without one, the contact centre's phone. Shown where an applicant can go in person.
 */
import { useEffect, useState } from 'react';
import type { BranchLocation } from '@omo/domain';
import { useTranslation } from '../i18n/use-translation.tsx';
import { LoadingIndicator } from '../components/loading-indicator.tsx';
import { PhoneText } from '../components/phone-text.tsx';
import { useAppConfig } from '../config/use-app-config.ts';

export type Loaded<T> = { state: 'loading' } | { state: 'loaded'; value: T } | { state: 'failed' };

/** Loads once when the page opens; a failure only changes what the panel says. */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => setLoaded({ state: 'loaded', value }),
      () => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed' });
      },
    );
    return () => controller.abort();
    // Loaded once per page: `load` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return loaded;
}

export function BranchPanel({ branch }: { branch: Loaded<BranchLocation | null> }) {
  const { t } = useTranslation();
  const { contactPhone } = useAppConfig();
  if (branch.state === 'loading') {
    return <LoadingIndicator inline label={t('outcomes.verifyId.branch.loading')} />;
  }
  const found = branch.state === 'loaded' ? branch.value : null;
  if (!found) {
    return (
      <p>
        <PhoneText i18nKey="outcomes.verifyId.branch.none" phone={contactPhone} />
      </p>
    );
  }
  const phone = found.phones.find((p) => p.type === 'Branch')?.number ?? contactPhone;
  return (
    <>
      <h3 className="outcome__place-title">{t('outcomes.verifyId.branch.nearest')}</h3>
      <address className="outcome__address">
        <strong>{found.name}</strong>
        <br />
        {found.address.street}
        <br />
        {found.address.city} {found.address.province} {found.address.postalCode}
      </address>
      <p>
        <PhoneText i18nKey="outcomes.verifyId.branch.appointment" phone={phone} />
      </p>
    </>
  );
}
