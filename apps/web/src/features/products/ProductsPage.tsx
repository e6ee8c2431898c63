import { type Product, productsMeta } from '@app/domain';
import { Checkbox } from 'primereact/checkbox';
import { useSearchParams } from 'react-router';
import { ResourcePage } from '../../components/resource-page';
import { NEW_ORDER, productColumns } from './columns';
import { type ProductFormIn, type ProductFormOut, productForm, productFormValues, productRequestBody, syncProductImages } from './product-form';
import { productSteps } from './ProductSteps';
import './products.css';

const NEW_ONLY = 'nouveautes';
/** The filter a saved view of the list remembers. */
const VIEW_PARAMS = [NEW_ONLY];

/**
 * Products (`/layout/products`): 100 rows, the total, search, sort, exports;
 * IS_NEW and VISIBLE saved at once. "Nouveautés" shows the new products alone in their order, the
 * only rows that may be dragged (one call renumbers them). A zone chief sees the list and may try the
 * flags, the drag and the delete: the server refuses, and its message shows.
 */
export default function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const newOnly = params.get(NEW_ONLY) === '1';
  const toggleNewOnly = (on: boolean) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (on) next.set(NEW_ONLY, '1');
      else next.delete(NEW_ONLY);
      // Each view has its own order: the sort and page of the other do not apply.
      for (const k of ['sort', 'order', 'page']) next.delete(k);
      return next;
    });

  return (
    <ResourcePage<Product, ProductFormIn, ProductFormOut>
      viewParams={VIEW_PARAMS}
      key={newOnly ? 'new' : 'all'}
      resource={productsMeta}
      columns={productColumns}
      query={newOnly ? { IS_NEW: 1 } : undefined}
      reorder={newOnly ? NEW_ORDER : undefined}
      writeAction="products:read"
      bulk={{ list: 'products', rowLabel: (p) => `${p.REF} ${p.LABEL}` }}
      editAction="products:write"
      fetchRow
      minWidth="84rem"
      className="prd-list"
      toolbarExtra={
        <span className="prd-new-only">
          <Checkbox inputId="prd-new-only" checked={newOnly} onChange={(e) => toggleNewOnly(!!e.checked)} />
          <label htmlFor="prd-new-only">Nouveautés (ordre glissable)</label>
        </span>
      }
      form={{
        schema: productForm,
        toValues: productFormValues,
        toBody: productRequestBody,
        steps: productSteps,
        afterSave: (saved, values, before) => syncProductImages(saved, values.images, before),
      }}
    />
  );
}
