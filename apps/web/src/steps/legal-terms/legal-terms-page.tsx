/**
 * /single/legalterms and /joint/legalterms, 'Review the legal terms': the compliance questionnaire. Tax
 * residency (a US TIN when US; a country and TIN when elsewhere), politically exposed person (who, position,
 * country), employment in Canada, occupation (a searchable list), owner/operator, intended relationship,
 * the purpose of the account (and of the GIC; 'Other' asks for a text; an FHSA's is fixed), and whether this
 * is the applicant's only financial institution. A 'no' hides and clears what it revealed. The domain's
 * legalTermsFormSchema checks it here and again on the server.
 */
import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useLoaderData } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import {
  foldAccents,
  COUNTRIES,
  FHSA_DEFAULT_PURPOSE,
  OPTION_MAX,
  OTHER_PURPOSE_CODE,
  OTHER_TIN_MAX,
  POSITION_OPTION_MAX,
  PURPOSE_CODES,
  flagsOf,
  isCanada,
  isUnitedStates,
  legalTermsContextOf,
  legalTermsFormSchema,
  LEGAL_TERMS_YES_NO_QUESTIONS,
  truncateOption,
  type LegalTermsForm,
  type LegalTermsFormInput,
} from '@omo/domain';
import { Combobox, type ComboboxOption } from '../../components/form/combobox.tsx';
import { TextField } from '../../components/form/field.tsx';
import { RadioGroup } from '../../components/form/radio-group.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { StepForm } from '../../components/form/step-form.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useAppConfig } from '../../config/use-app-config.ts';
import { currentLang, type Lang } from '../../i18n/i18n.ts';
import { saveLegalTerms } from '../../lib/application-api.ts';
import { useStepForm } from '../../lib/step.ts';
import type { LegalTermsData } from './legal-terms-loader.ts';
import { bindFields } from '../../components/form/use-form-errors.ts';

const FIELDS = [
  'resStatus',
  'taxResidentorCitizenUs',
  'crsUsTin',
  'taxNotCanadaNotUS',
  'crsCountry',
  'crsTin',
  'polExposed',
  'politicallyExposedType',
  'positionHeld',
  'countryPositionHeld',
  'ontarioWork',
  'occupation',
  'ownerOperator',
  'natureOfBanking',
  'primaryPurpose',
  'primaryOtherPurpose',
  'primaryPurposeGIC',
  'primaryOtherPurposeGIC',
  'singleInstitution',
] as const;

const YES_NO = LEGAL_TERMS_YES_NO_QUESTIONS;
type YesNoQuestion = (typeof YES_NO)[number];
const isYesNoQuestion = (name: string): name is YesNoQuestion => (YES_NO as readonly string[]).includes(name);

const nameIn = (item: { name: string; nameFr?: string | undefined }, lang: Lang) =>
  lang === 'fr' && item.nameFr ? item.nameFr : item.name;

/** Case- and accent-insensitive text for the occupation search. */
const fold = foldAccents;

export function LegalTermsPage() {
  const { t, i18n } = useTranslation();
  const lang = currentLang(i18n);
  const { institutionName } = useAppConfig();
  const { view, products, flow, occupations, pepPositions } = useLoaderData<LegalTermsData>();
  const facts = {
    flowKind: flow.kind,
    products,
    email: view.email,
    sweepEnabled: view.sweepEnabled,
    today: new Date(),
  };
  const context = legalTermsContextOf(facts);
  const isTerm = flagsOf(facts).mTerm;
  const saved = view.legalTerms;

  const { form, messageOf, frame } = useStepForm<LegalTermsFormInput, LegalTermsForm>({
    schema: useMemo(() => legalTermsFormSchema(context), [context]),
    defaultValues: {
      crsUsTin: '',
      crsCountry: '',
      crsTin: '',
      politicallyExposedType: '',
      positionHeld: '',
      countryPositionHeld: '',
      primaryOtherPurpose: '',
      primaryPurposeGIC: '',
      primaryOtherPurposeGIC: '',
      occupation: null,
      ...(saved ?? {}),
      primaryPurpose: context.isFhsa ? FHSA_DEFAULT_PURPOSE : (saved?.primaryPurpose ?? ''),
    } as never,
    fields: FIELDS,
    save: saveLegalTerms,
  });
  const { register, control, setValue, clearErrors } = form;
  const field = bindFields(register, messageOf);
  const [isUs, isElsewhere, isPep, purpose, purposeGic] = useWatch({
    control,
    name: [
      'taxResidentorCitizenUs',
      'taxNotCanadaNotUS',
      'polExposed',
      'primaryPurpose',
      'primaryPurposeGIC',
    ],
  });
  const title = t('legalTerms.title');
  // Every yes/no question has the same message: the summary names the question, or seven identical
  // links would not say where to look.
  const summary = frame.summary.map((error) =>
    isYesNoQuestion(error.fieldId)
      ? {
          ...error,
          message: `${t(`legalTerms.questions.${error.fieldId}`, { institution: institutionName })} ${error.message}`,
        }
      : error,
  );
  usePageTitle(title, summary.length > 0);

  /** Answering no hides and clears what the question revealed. */
  const clearOnNo =
    (fields: readonly (keyof LegalTermsFormInput)[]) => (event: { target: { value: string } }) => {
      if (event.target.value !== 'no') return;
      for (const field of fields) setValue(field, '' as never);
      clearErrors(fields as never);
    };

  const yesNo = [
    { value: 'yes', label: t('formControls.yes') },
    { value: 'no', label: t('formControls.no') },
  ];
  const yesNoQuestion = (
    name: YesNoQuestion,
    extra: { hint?: string; clears?: readonly (keyof LegalTermsFormInput)[] } = {},
  ) => (
    <RadioGroup
      id={name}
      legend={t(`legalTerms.questions.${name}`, { institution: institutionName })}
      {...(extra.hint ? { hint: extra.hint } : {})}
      error={messageOf(name)}
      isInline
      options={yesNo}
      registration={register(name, extra.clears ? { onChange: clearOnNo(extra.clears) } : {})}
    />
  );

  const countryOptions = (filter: (code: string) => boolean) =>
    COUNTRIES.filter((c) => filter(c.code)).map((c) => {
      const name = lang === 'fr' ? c.nameFr : c.nameEn;
      return { value: c.code, label: truncateOption(name, OPTION_MAX), fullLabel: name };
    });
  const purposeOptions = PURPOSE_CODES.map((p) => {
    const label = t(`legalTerms.purposes.${p.code}`);
    return { value: p.code, label: truncateOption(label, OPTION_MAX), fullLabel: label };
  });
  const positionOptions = pepPositions.map((p) => {
    const name = nameIn(p, lang);
    return { value: p.code, label: truncateOption(name, POSITION_OPTION_MAX), fullLabel: name };
  });

  const [occupationText, setOccupationText] = useState(() => {
    const chosen = occupations.find((o) => o.code === saved?.occupation?.id);
    return chosen ? nameIn(chosen, lang) : '';
  });
  const searchOccupations = async (term: string): Promise<ComboboxOption[]> => {
    const wanted = fold(term.trim());
    return occupations
      .filter((o) => fold(nameIn(o, lang)).includes(wanted))
      .slice(0, 10)
      .map((o) => ({ id: o.code, text: nameIn(o, lang) }));
  };

  return (
    <StepForm title={title} lead={t('legalTerms.lead')} frame={{ ...frame, summary }}>
      <section className="form-section" aria-labelledby="residency-title">
        <h2 className="form-section__title" id="residency-title">
          {t('legalTerms.residencyTitle')}
        </h2>
        {yesNoQuestion('resStatus')}
        {yesNoQuestion('taxResidentorCitizenUs', { clears: ['crsUsTin'] })}
        {isUs === 'yes' ? (
          <div className="conditional">
            <TextField
              {...field('crsUsTin')}
              label={t('legalTerms.usTin')}
              hint={t('legalTerms.tinHint')}
              autoComplete="off"
              inputMode="numeric"
              placeholder="###-##-####"
              className="field__input--short"
              trimOnBlur
            />
          </div>
        ) : null}
        {yesNoQuestion('taxNotCanadaNotUS', { clears: ['crsCountry', 'crsTin'] })}
        {isElsewhere === 'yes' ? (
          <div className="conditional">
            <SelectField
              {...field('crsCountry')}
              label={t('legalTerms.taxCountry')}
              options={countryOptions((code) => !isCanada(code) && !isUnitedStates(code))}
            />
            <TextField
              {...field('crsTin')}
              label={t('legalTerms.otherTin')}
              hint={t('legalTerms.tinHint')}
              autoComplete="off"
              maxLength={OTHER_TIN_MAX}
              trimOnBlur
            />
          </div>
        ) : null}
      </section>

      <section className="form-section" aria-labelledby="pep-title">
        <h2 className="form-section__title" id="pep-title">
          {t('legalTerms.pepTitle')}
        </h2>
        {yesNoQuestion('polExposed', {
          hint: t('legalTerms.pepHint'),
          clears: ['politicallyExposedType', 'positionHeld', 'countryPositionHeld'],
        })}
        {isPep === 'yes' ? (
          <div className="conditional">
            <SelectField
              {...field('politicallyExposedType')}
              label={t('legalTerms.pepWho')}
              options={[
                { value: 'self', label: t('legalTerms.pepSelf') },
                { value: 'relative', label: t('legalTerms.pepRelative') },
              ]}
            />
            <SelectField
              {...field('positionHeld')}
              label={t('legalTerms.pepPosition')}
              options={positionOptions}
            />
            <SelectField
              {...field('countryPositionHeld')}
              label={t('legalTerms.pepCountry')}
              options={countryOptions(() => true)}
            />
          </div>
        ) : null}
      </section>

      <section className="form-section" aria-labelledby="work-title">
        <h2 className="form-section__title" id="work-title">
          {t('legalTerms.workTitle')}
        </h2>
        {yesNoQuestion('ontarioWork', { hint: t('legalTerms.eligibility') })}
        <Controller
          control={control}
          name="occupation"
          render={({ field }) => (
            <Combobox
              id="occupation"
              name={field.name}
              inputRef={field.ref}
              label={t('legalTerms.occupation')}
              hint={t('legalTerms.occupationHint')}
              placeholder={t('legalTerms.occupationPlaceholder')}
              error={messageOf('occupation')}
              value={occupationText}
              onValueChange={(text) => {
                setOccupationText(text);
                // Typed text is not a choice: the occupation must come from the list.
                if (field.value) field.onChange(null);
              }}
              loadOptions={(term) => searchOccupations(term)}
              onSelect={(option) => {
                setOccupationText(option.text);
                field.onChange({ id: option.id, name: option.text });
                clearErrors('occupation');
              }}
              onBlur={field.onBlur}
              debounceMs={0}
              minLength={1}
            />
          )}
        />
        {yesNoQuestion('ownerOperator', { hint: t('legalTerms.ownerOperatorHint') })}
      </section>

      <section className="form-section" aria-labelledby="account-title">
        <h2 className="form-section__title" id="account-title">
          {t('legalTerms.accountTitle')}
        </h2>
        <RadioGroup
          {...field('natureOfBanking')}
          legend={t('legalTerms.natureOfBanking')}
          options={[
            { value: 'Personal', label: t('legalTerms.personal') },
            { value: 'PersonalBusiness', label: t('legalTerms.personalBusiness') },
          ]}
        />
        <SelectField
          id="primaryPurpose"
          label={t('legalTerms.primaryPurpose')}
          error={messageOf('primaryPurpose')}
          options={purposeOptions}
          disabled={context.isFhsa}
          {...(context.isFhsa ? { hint: t('legalTerms.fhsaPurpose') } : {})}
          registration={register('primaryPurpose', {
            onChange: (event: { target: { value: string } }) => {
              if (event.target.value !== OTHER_PURPOSE_CODE) setValue('primaryOtherPurpose', '');
            },
          })}
        />
        {purpose === OTHER_PURPOSE_CODE ? (
          <div className="conditional">
            <TextField
              {...field('primaryOtherPurpose')}
              label={t('legalTerms.otherPurpose')}
              autoComplete="off"
              trimOnBlur
            />
          </div>
        ) : null}
        {isTerm ? (
          <>
            <SelectField
              id="primaryPurposeGIC"
              label={t('legalTerms.primaryPurposeGic')}
              error={messageOf('primaryPurposeGIC')}
              options={purposeOptions}
              registration={register('primaryPurposeGIC', {
                onChange: (event: { target: { value: string } }) => {
                  if (event.target.value !== OTHER_PURPOSE_CODE) setValue('primaryOtherPurposeGIC', '');
                },
              })}
            />
            {purposeGic === OTHER_PURPOSE_CODE ? (
              <div className="conditional">
                <TextField
                  {...field('primaryOtherPurposeGIC')}
                  label={t('legalTerms.otherPurpose')}
                  autoComplete="off"
                  trimOnBlur
                />
              </div>
            ) : null}
          </>
        ) : null}
        {yesNoQuestion('singleInstitution')}
      </section>
    </StepForm>
  );
}
