/**
 * /single/address and /joint/address, 'Where do you live?' (spec 000 §2, §4, §5; spec 001 §4.7): the home
 * address (search or manual), 'Mailing address is the same as home address' (checked by default; unchecked
 * reveals the mailing address, search or manual). Validated with the domain's `addressFormSchema` on
 * submit, saved with PUT Application/Address, then on to where the server says (confirm products; for the
 * co-applicant the SIN, or the identity check's result).
 */
import { useLoaderData } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { addressFormSchema } from '@omo/domain';
import { StepForm } from '../../components/form/step-form.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { saveAddress } from '../../lib/application-api.ts';
import { useStepForm, type StepData } from '../../lib/step.ts';
import { AddressFields } from './address-fields.tsx';
import {
  ADDRESS_FIELD_ORDER,
  addressFormValuesOf,
  type AddressFormOutput,
  type AddressFormValues,
} from './address-form.ts';

export function AddressPage() {
  const { t } = useTranslation();
  const { view } = useLoaderData<StepData>();
  const { form, onSubmit, summary, hasSubmitFailed } = useStepForm<AddressFormValues, AddressFormOutput>({
    schema: addressFormSchema,
    defaultValues: addressFormValuesOf(view.address),
    fields: ADDRESS_FIELD_ORDER,
    save: saveAddress,
    // Errors are checked again on Continue only: typing in the search is not a wrong answer yet (choosing a
    // suggestion or switching to manual entry clears its error).
    reValidateMode: 'onSubmit',
  });
  const { submitCount, isSubmitting } = form.formState;
  const title = t('address.title');
  usePageTitle(title, summary.length > 0);

  return (
    <StepForm
      title={title}
      lead={t('address.intro')}
      summary={summary}
      submitCount={submitCount}
      hasSubmitFailed={hasSubmitFailed}
      isSubmitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <AddressFields form={form} />
    </StepForm>
  );
}
