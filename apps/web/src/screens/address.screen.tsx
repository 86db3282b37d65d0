/**
 * 'Where do you live?' (spec 000 §2, §4, §5; spec 001 §4.7): the home address (search or manual), 'Mailing
 * address is the same as home address' (checked by default; unchecked reveals the mailing address). Validated
 * with the domain's `addressFormSchema`, saved with PUT Application/Address. Its review section: the home and
 * the mailing address, edited with the same form.
 */
import { addressFormSchema, addressPartsOf, type AddressKind } from '@omo/domain';
import { AddressFields } from '../components/address/address-fields.tsx';
import {
  ADDRESS_FIELD_ORDER,
  addressFormValuesOf,
  type AddressFormOutput,
  type AddressFormValues,
} from '../components/address/address-form.ts';
import { formatAddressLines } from '../components/address/address-lookup.ts';
import type { Lang } from '../i18n/i18n.ts';
import { saveAddress, type ApplicationView } from '../lib/application-api.ts';
import { Lines } from './lines.tsx';
import { declareScreen, type AnswersForm } from './screen.ts';

/** The home or mailing address of a saved address, as printed lines. */
const linesOf = (address: NonNullable<ApplicationView['address']>, kind: AddressKind, lang: Lang) => (
  <Lines lines={formatAddressLines(addressPartsOf(address, kind), lang)} />
);

const addressForm: AnswersForm<AddressFormValues, AddressFormOutput> = {
  fields: ADDRESS_FIELD_ORDER,
  schema: () => addressFormSchema,
  defaults: ({ view }) => addressFormValuesOf(view.address),
  save: (values) => saveAddress(values),
  Fields: ({ form }) => <AddressFields form={form} />,
  // Errors are checked again on Continue only: typing in the search is not a wrong answer yet (choosing a
  // suggestion or switching to manual entry clears its error).
  reValidateMode: 'onSubmit',
};

export const screen = declareScreen({
  step: 'address',
  titleKey: 'address.title',
  lead: (t) => t('address.intro'),
  form: addressForm,
  review: [
    {
      id: 'address',
      position: 30,
      titleKey: 'review.sections.address',
      isShown: ({ view }) => Boolean(view.address),
      rows: ({ data: { view }, t, lang }) => {
        const address = view.address!;
        return [
          { label: t('review.homeAddress'), value: linesOf(address, 'home', lang) },
          {
            label: t('review.mailingAddress'),
            value: address.isMailingAddressSame ? t('review.mailingSame') : linesOf(address, 'mailing', lang),
          },
        ];
      },
      editor: addressForm,
    },
  ],
});
