import { stepLoader } from '../../lib/step-route.ts';

/** address: the application (no session → the start page; an earlier step not complete → that step). */
export const addressLoader = stepLoader('address');
