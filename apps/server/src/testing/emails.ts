/** The e-mails the tests render: one applicant's, with the details they check. */
import type { Language } from '@omo/domain';
import { renderEmail, type Brand, type RenderedEmail } from '../modules/mail/templates.ts';

/** Ada's in-person ID e-mail (reference OMOABCDEFGHP, request DSS0001234), with `barcodePng` or no barcode. */
export function renderInPersonIdEmail(language: Language, brand: Brand, barcodePng?: string): RenderedEmail {
  return renderEmail(
    'decisionMade',
    language,
    {
      firstName: 'Ada',
      outcome: 'inPerson',
      memberNumber: null,
      refNo: 'OMOABCDEFGHP',
      ...(barcodePng ? { inPerson: { barcodePng, barcodeText: 'DSS0001234', showBy: '2026-12-27' } } : {}),
    },
    brand,
  );
}
