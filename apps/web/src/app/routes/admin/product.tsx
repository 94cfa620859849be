import { useParams } from '../../../lib/router.tsx';
import { ProductPageFor } from '../../../features/admin/catalogue/components/product-page.tsx';

/** /admin/products/:id: one style on the catalogue desk. */
export function AdminProductRoute() {
  const { id } = useParams();
  return <ProductPageFor id={id} />;
}
