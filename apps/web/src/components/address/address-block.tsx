/**
 * One address of the 'Where do you live?' form, home or mailing: in search mode an address combobox
 * (AddressComplete Find/Retrieve through our server) and the chosen address shown formatted; in manual mode
 * the manual fields. The link between them toggles the mode. The country select switches the region
 * control between Province (Canada), State (United States) and nothing; a home country other than Canada
 * shows the resident-of-Canada message at once.
 */
import { useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation.tsx';
import {
  ADDRESS_FIELDS,
  ADDRESS_PARTS,
  isCanada,
  isUnitedStates,
  normalizePostalCode,
  type AddressKind,
  type AddressParts,
  type Language,
} from '@omo/domain';
import { Combobox, type ComboboxOption } from '../form/combobox.tsx';
import { TextField } from '../form/field.tsx';
import { SelectField } from '../form/select-field.tsx';
import { PhoneText } from '../phone-text.tsx';
import { useAppConfig } from '../../config/use-app-config.ts';
import { currentLang } from '../../i18n/i18n.ts';
import { findAddresses, retrieveAddress } from '../../lib/application-api.ts';
import {
  countryOptions,
  findItemsToOptions,
  formatAddressLines,
  pickRetrieveItem,
  regionOptions,
  retrieveItemToParts,
} from './address-lookup.ts';
import type { AddressFormValues, AddressFormOutput } from './address-form.ts';
import { bindFields } from '../form/use-form-errors.ts';

interface AddressBlockProps {
  kind: AddressKind;
  form: UseFormReturn<AddressFormValues, unknown, AddressFormOutput>;
  /** Translates a MessageKey (validation message) into the interface language. */
  msg: (key: string | undefined) => string | undefined;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function AddressBlock({ kind, form, msg }: AddressBlockProps) {
  const names = ADDRESS_FIELDS[kind];
  const { t, i18n } = useTranslation();
  const { contactPhone } = useAppConfig();
  const lang: Language = currentLang(i18n);
  const { control, register, setValue, clearErrors, formState } = form;
  const errors = formState.errors;
  const [retrieveState, setRetrieveState] = useState<'idle' | 'loading' | 'failed'>('idle');

  const isManual = useWatch({ control, name: names.manual }) === true;
  const selectedId = str(useWatch({ control, name: names.selectedId }));
  const watched = useWatch({ control, name: ADDRESS_PARTS.map((k) => names[k]) });
  const parts = Object.fromEntries(
    ADDRESS_PARTS.map((k, i) => [k, str(watched[i])]),
  ) as unknown as AddressParts;
  const region = regionOptions(parts.country, lang);
  const isHome = kind === 'home';
  const prefix = isHome ? 'home' : 'mailing';

  const errorOf = (name: keyof AddressFormValues) => msg(errors[name]?.message);
  const bind = bindFields(register, errorOf);

  const loadOptions = async (term: string, signal: AbortSignal, parent?: ComboboxOption) => {
    const answer = await findAddresses(term, parent?.id ?? '', lang, signal);
    return findItemsToOptions(answer.Items);
  };

  const onSelect = async (option: ComboboxOption) => {
    setRetrieveState('loading');
    setValue(names.search, [option.text, option.description].filter(Boolean).join(', '));
    try {
      const answer = await retrieveAddress(option.id, lang);
      const item = pickRetrieveItem(answer.Items, lang);
      if (!item) throw new Error('No address');
      const retrieved = retrieveItemToParts(item);
      for (const key of ADDRESS_PARTS) setValue(names[key], retrieved[key]);
      setValue(names.selectedId, item.Id || option.id);
      clearErrors(names.search);
      setRetrieveState('idle');
    } catch {
      setValue(names.selectedId, '');
      setRetrieveState('failed');
    }
  };

  const toggleManual = () => {
    const next = !isManual;
    setValue(names.manual, next);
    clearErrors(Object.values(names));
    if (next && str(form.getValues(names.country)) === '') setValue(names.country, 'CA');
    requestAnimationFrame(() => document.getElementById(next ? names.streetNumber : names.search)?.focus());
  };

  /** The button between search and manual entry; the mailing one says so to screen readers. */
  const manualButton = (text: string) => (
    <button type="button" className="link-button" onClick={toggleManual}>
      {text}
      {isHome ? null : (
        <>
          {' '}
          <span className="visually-hidden">{t('address.forMailing')}</span>
        </>
      )}
    </button>
  );

  const countryError = errorOf(names.country);
  const showResident =
    isHome && isManual && parts.country !== '' && !isCanada(parts.country) && !countryError;
  const postalLabel = isUnitedStates(parts.country) ? t('address.zipCode') : t('address.postalCode');

  return (
    <div className="address-block">
      {isManual ? (
        <div className="address-manual" role="group" aria-labelledby={`${prefix}-manual-title`}>
          <p className="address-manual__title" id={`${prefix}-manual-title`}>
            {isHome ? t('address.manualTitle') : t('address.mailingManualTitle')}
          </p>
          <TextField
            {...bind(names.streetNumber)}
            label={t('address.streetNumber')}
            className="field__input--short"
            trimOnBlur
          />
          <TextField
            {...bind(names.unitNumber)}
            label={t('address.unitNumber')}
            isOptional
            className="field__input--short"
            trimOnBlur
          />
          <TextField {...bind(names.streetName)} label={t('address.streetName')} trimOnBlur />
          <TextField
            {...bind(names.cityName)}
            label={t('address.cityName')}
            autoComplete={isHome ? 'address-level2' : 'off'}
            trimOnBlur
          />
          {region ? (
            <SelectField
              {...bind(names.provinceName)}
              label={region.kind === 'province' ? t('address.province') : t('address.state')}
              options={region.options}
            />
          ) : null}
          <TextField
            {...bind(names.postalCode)}
            label={postalLabel}
            className="field__input--short"
            autoComplete={isHome ? 'postal-code' : 'off'}
            trimOnBlur={isCanada(parts.country) ? normalizePostalCode : true}
          />
          <SelectField
            id={names.country}
            label={t('address.country')}
            error={countryError}
            options={countryOptions(lang)}
            registration={register(names.country, {
              // The region list depends on the country: a province is not a state.
              onChange: () => setValue(names.provinceName, ''),
            })}
          />
          <div aria-live="polite">
            {showResident ? (
              <p className="notice notice--warning">
                <PhoneText i18nKey="address.residentMessage" phone={contactPhone} />
              </p>
            ) : null}
          </div>
        </div>
      ) : (
        <>
          <Controller
            control={control}
            name={names.search}
            render={({ field, fieldState }) => (
              <Combobox
                id={names.search}
                name={field.name}
                inputRef={field.ref}
                label={isHome ? t('address.search') : t('address.mailingSearch')}
                hint={t('address.searchHint')}
                placeholder={t('address.searchPlaceholder')}
                // The browser's saved street address fills the search, which then offers it (decision 0103).
                autoComplete={isHome ? 'address-line1' : 'off'}
                error={msg(fieldState.error?.message)}
                value={str(field.value)}
                onValueChange={(value) => {
                  field.onChange(value);
                  if (selectedId !== '') setValue(names.selectedId, '');
                  if (retrieveState === 'failed') setRetrieveState('idle');
                }}
                onBlur={field.onBlur}
                loadOptions={loadOptions}
                onSelect={(option) => void onSelect(option)}
                noResultsText={t('address.notFound')}
                fallbackAction={manualButton(t('address.enterManually'))}
              />
            )}
          />
          <div className="address-selected" aria-live="polite">
            {retrieveState === 'loading' ? <p className="muted">{t('address.retrieving')}</p> : null}
            {retrieveState === 'failed' ? (
              <p className="notice notice--error">{t('address.retrieveFailed')}</p>
            ) : null}
            {retrieveState === 'idle' && selectedId !== '' ? (
              <div className="address-selected__box">
                <p className="address-selected__title">
                  {isHome ? t('address.selectedTitle') : t('address.mailingSelectedTitle')}
                </p>
                <p className="address-selected__lines">
                  {formatAddressLines(parts, lang).map((line, i) => (
                    <span key={i} className="address-selected__line">
                      {line}
                    </span>
                  ))}
                </p>
              </div>
            ) : null}
          </div>
        </>
      )}
      <p className="address-toggle">
        {manualButton(isManual ? t('address.useSearch') : t('address.enterManually'))}
      </p>
    </div>
  );
}
