import { ScreenPage } from '../../screens/screen-page.tsx';
import { addressScreen } from '../../screens/address.tsx';

/**
 * /single/address and /joint/address, 'Where do you live?' (screens/address.tsx): then on to where the
 * server says (confirm products; for the co-applicant the SIN, or the identity check's result).
 */
export function AddressPage() {
  return <ScreenPage screen={addressScreen} />;
}
