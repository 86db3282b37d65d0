/**
 * /single/address and /joint/address, 'Where do you live?' (spec 000 §2, §4, §5; spec 001 §4.7): the home
 * address (search or manual), 'Mailing address is the same as home address' (checked by default; unchecked
 * reveals the mailing address, search or manual). Validated with the domain's `addressFormSchema` on
 * submit, saved with PUT Application/Address, then on to where the server says (confirm products; for the
 * co-applicant the SIN, or the identity check's result).
 */
import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { addressFormSchema } from '@omo/domain';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { StepForm } from '../../components/form/step-form.tsx';
import { useMessage } from '../../components/form/use-message.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { saveAddress } from '../../lib/application-api.ts';
import { useStepForm, type StepData } from '../../lib/step.ts';
import { AddressBlock, HOME_NAMES, MAILING_NAMES } from './address-block.tsx';
import {
  ADDRESS_FIELD_ORDER,
  addressFormValuesOf,
  type AddressFormOutput,
  type AddressFormValues,
} from './address-form.ts';
import '../../components/form/combobox.css';
import './address.css';

export function AddressPage() {
  const { t } = useTranslation();
  const msg = useMessage();
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
  const { errors, submitCount, isSubmitting } = form.formState;
  const isMailingSame = useWatch({ control: form.control, name: 'isMailingAddressSame' }) !== false;
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
      <AddressBlock kind="home" names={HOME_NAMES} form={form} msg={msg} />
      <CheckboxField
        id="isMailingAddressSame"
        label={t('address.mailingSame')}
        error={msg(errors.isMailingAddressSame?.message)}
        registration={form.register('isMailingAddressSame')}
      />
      {isMailingSame ? null : (
        <section className="form-section address-mailing" aria-labelledby="mailing-title">
          <h2 className="form-section__title" id="mailing-title">
            {t('address.mailingTitle')}
          </h2>
          <AddressBlock kind="mailing" names={MAILING_NAMES} form={form} msg={msg} />
        </section>
      )}
    </StepForm>
  );
}
