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
  // The lists (usually fetched ahead already) come side by side with the application.
  const [data, { occupations, pepPositions }] = await Promise.all([loadStep(args), ensureReferenceData()]);
  return { ...data, occupations, pepPositions };
}
