import type { LoaderFunctionArgs } from 'react-router';
import type { Occupation, PepPosition } from '@omo/domain';
import { ensureReferenceData } from '../../lib/reference-data.ts';
import { stepLoader, type StepData } from '../../lib/step-route.ts';

export interface LegalTermsData extends StepData {
  occupations: Occupation[];
  pepPositions: PepPosition[];
}

const loadStep = stepLoader('legalterms');

/** legalterms: the application, and the occupation and position lists (loaded once per visit). */
export async function legalTermsLoader(args: LoaderFunctionArgs): Promise<LegalTermsData> {
  const data = await loadStep(args);
  const { occupations, pepPositions } = await ensureReferenceData(args.request.signal);
  return { ...data, occupations, pepPositions };
}
