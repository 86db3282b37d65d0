/**
 * /single/applyassingle: the primary of a joint application whose co-applicant's part cannot go on reads
 * what going on alone means and confirms with their password (POST ApplyAsSingle); the server then decides
 * and the page goes to the outcome by the single routing table. A refused or used link goes to /error/1.
 */
import { useLoaderData, useNavigate } from 'react-router';
import {
  API_PATHS,
  applyAsSingleFormSchema,
  ERROR_IDS,
  errorRoute,
  routeSingleSaveResponse,
  type ApplyAsSingleForm,
  type MembershipResponse,
} from '@omo/domain';
import { StepForm } from '../../components/form/step-form.tsx';
import { TextField } from '../../components/form/field.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { apiRequest } from '../../lib/api.ts';
import { handleStepError } from '../../lib/step.ts';
import type { ApplyAsSingleData } from './apply-as-single-loader.ts';

const FIELDS = ['password'] as const;

export function ApplyAsSinglePage() {
  const { t } = useTranslation();
  const { code, type } = useLoaderData<ApplyAsSingleData>();
  const navigate = useNavigate();
  const { form, summary, field, frameOf } = useSchemaForm<ApplyAsSingleForm>(
    applyAsSingleFormSchema,
    { password: '' },
    FIELDS,
  );
  const title = t('applyAsSingle.title');
  usePageTitle(title, summary.length > 0);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await apiRequest<MembershipResponse>(API_PATHS.applyAsSingle, {
        method: 'POST',
        query: { code, type },
        body: values,
      });
      await navigate(routeSingleSaveResponse(response));
    } catch (error) {
      const outcome = await handleStepError(error, { setError: form.setError, fields: FIELDS, navigate });
      // An unknown, used or ended link, or a failed call: the spec's generic error.
      if (outcome === 'failed') await navigate(errorRoute(ERROR_IDS.generic));
    }
  });

  return (
    <StepForm
      title={title}
      lead={t('applyAsSingle.lead')}
      beforeForm={<p>{t('applyAsSingle.what')}</p>}
      frame={frameOf(onSubmit)}
      submitLabel={t('applyAsSingle.submit')}
    >
      <TextField
        {...field('password')}
        label={t('applyAsSingle.password')}
        hint={t('applyAsSingle.passwordHint')}
        type="password"
        autoComplete="current-password"
        autoCapitalize="none"
        spellCheck={false}
      />
    </StepForm>
  );
}
