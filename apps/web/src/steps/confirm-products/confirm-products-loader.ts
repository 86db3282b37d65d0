import { stepLoader } from '../../lib/step.ts';

/** confirmproducts: the application and its products. */
export const confirmProductsLoader = stepLoader('confirmproducts');
