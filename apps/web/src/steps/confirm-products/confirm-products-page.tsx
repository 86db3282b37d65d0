import { ScreenPage } from '../../screens/screen-page.tsx';
import { productsScreen } from '../../screens/products.tsx';

/** /single/confirmproducts, 'Confirm your application' (screens/products.tsx). */
export function ConfirmProductsPage() {
  return <ScreenPage screen={productsScreen} />;
}
