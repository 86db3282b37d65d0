import { stepLoader } from '../../lib/step-route.ts';

/** confirmproducts: the application and its products. */
export const confirmProductsLoader = stepLoader('confirmproducts');
