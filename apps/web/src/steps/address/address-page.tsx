/**
 * /single/address and /joint/address, 'Where do you live?' (spec 000 §2, §4, §5; spec 001 §4.7): the home
 * address (search or manual), 'Mailing address is the same as home address' (checked by default; unchecked
 * reveals the mailing address, search or manual). Validated with the domain's `addressFormSchema` on
 * submit, saved with PUT Application/Address, then on to the draft's next path (confirm products).
 */
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FLOW_ERROR_ROUTES, SINGLE_FLOW, addressFormSchema, findStepByPath, pathOf } from '@omo/domain';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { StepFormTop } from '../../components/form/step-form-top.tsx';
import { useMessage } from '../../components/form/use-message.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import {
  sessionEndedPath,
  fieldErrorsFromProblem,
  isApiStatus,
  saveAddress,
  type ApplicationView,
} from '../../lib/application-api.ts';
import { updateSlice } from '../../lib/session-state.ts';
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
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const flow = findStepByPath(pathname)?.flow ?? SINGLE_FLOW;
  const view = useLoaderData<ApplicationView>();

  const form = useForm<AddressFormValues, unknown, AddressFormOutput>({
    resolver: zodResolver(addressFormSchema),
    defaultValues: addressFormValuesOf(view.address),
    // The error summary takes focus on submit (GOV.UK), not the first field.
    shouldFocusError: false,
    // Errors are checked again on Continue only: typing in the search is not a wrong answer yet (choosing a
    // suggestion or switching to manual entry clears its error).
    reValidateMode: 'onSubmit',
  });
  const { errors, submitCount, isSubmitting } = form.formState;
  const isMailingSame = useWatch({ control: form.control, name: 'isMailingAddressSame' }) !== false;

  const summaryErrors = ADDRESS_FIELD_ORDER.flatMap((name) => {
    const message = msg(errors[name]?.message);
    return message ? [{ fieldId: name, message }] : [];
  });
  const title = t('address.title');
  usePageTitle(title, summaryErrors.length > 0);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const next = await saveAddress(values);
      updateSlice('progress', { address: true });
      void navigate(next.nextPath || pathOf(flow, flow.kind === 'single' ? 'confirmproducts' : 'sin'));
    } catch (error) {
      if (isApiStatus(error, 401)) {
        void navigate(sessionEndedPath());
        return;
      }
      if (!fieldErrorsFromProblem(error, form.setError, ADDRESS_FIELD_ORDER)) {
        void navigate(FLOW_ERROR_ROUTES.bare);
      }
    }
  });

  return (
    <div className="panel">
      <StepFormTop title={title} errors={summaryErrors} submitCount={submitCount} />
      <p className="lead">{t('address.intro')}</p>
      <form noValidate onSubmit={onSubmit}>
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
        <div className="actions">
          <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? <span className="spinner spinner--button" aria-hidden="true" /> : null}
            {t('common.continue')}
          </button>
        </div>
      </form>
    </div>
  );
}
