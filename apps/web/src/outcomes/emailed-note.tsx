/** The line of an outcome page that says where its e-mail went (every outcome is e-mailed). */
import { useLoaderData } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import type { OutcomeData } from './outcome-loader.ts';

export function EmailedNote() {
  const { t } = useTranslation();
  const { view } = useLoaderData<OutcomeData>();
  return <p>{t('outcomes.emailed', { email: view.email })}</p>;
}
