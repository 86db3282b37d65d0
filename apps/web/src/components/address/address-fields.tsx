/**
 * The fields of 'Where do you live?' (spec 000 §2, §4; spec 001 §4.7), shared by the step screen and the
 * review's Address section: the home address (search or manual), 'Mailing address is the same as home
 * address', and the mailing address when unchecked.
 */
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { CheckboxField } from '../form/checkbox-field.tsx';
import { useMessage } from '../form/use-message.ts';
import { AddressBlock } from './address-block.tsx';
import type { AddressFormOutput, AddressFormValues } from './address-form.ts';
import '../form/combobox.css';
import './address.css';

export function AddressFields({
  form,
}: {
  form: UseFormReturn<AddressFormValues, unknown, AddressFormOutput>;
}) {
  const { t } = useTranslation();
  const msg = useMessage();
  const { errors } = form.formState;
  const isMailingSame = useWatch({ control: form.control, name: 'isMailingAddressSame' }) !== false;
  return (
    <>
      <AddressBlock kind="home" form={form} msg={msg} />
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
          <AddressBlock kind="mailing" form={form} msg={msg} />
        </section>
      )}
    </>
  );
}
