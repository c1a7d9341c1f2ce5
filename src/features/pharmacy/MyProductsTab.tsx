import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useServerData } from '../../app/hooks';
import { rejectionMessage } from '../../app/serverThunk';
import { useTranslation } from '../../i18n';
import { formatNumber } from '../../ui/clinicTime';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { DataTable } from '../../ui/DataTable';
import { ProductForm } from './ProductForm';
import { fetchCategories, selectShop } from '../shop';
import './texts';
import { deleteProduct, fetchOwnProducts, selectOwnProducts } from './pharmacySlice';
import type { OwnProduct } from './types';

/** Settings → My products (pharmacists): list, add, edit, delete and restock own products. */
export default function MyProductsTab() {
  const { t } = useTranslation('pharmacy');
  const dispatch = useAppDispatch();
  const load = useServerData(fetchOwnProducts);
  const { data: products, error: loadError } = useAppSelector(selectOwnProducts);
  // The shop's category list is the one the product form offers.
  useServerData(fetchCategories);
  const { categories, categoriesError } = useAppSelector(selectShop);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<OwnProduct | 'new' | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const saved = (message: string) => {
    setEditing(null);
    setNotice(message);
    void load();
  };

  const remove = async (product: OwnProduct) => {
    try {
      const message = await dispatch(deleteProduct(product.slug)).unwrap();
      setConfirming(null);
      setNotice(message);
      void load();
    } catch (e) {
      setError(rejectionMessage(e));
    }
  };

  return (
    <section aria-labelledby="my-products-title">
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h2 id="my-products-title" className="h4 mb-0">
          {t('products.title')}
        </h2>
        {editing === null && (
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            {t('products.add')}
          </button>
        )}
      </div>
      <ErrorAlert message={error ?? loadError ?? categoriesError} />
      <SuccessAlert message={notice} />
      {editing !== null && (
        <ProductForm
          key={editing === 'new' ? 'new' : editing._id}
          categories={categories}
          product={editing === 'new' ? undefined : editing}
          onSaved={saved}
          onCancel={() => setEditing(null)}
        />
      )}
      <DataTable
        rows={products}
        loadingLabel={t('products.loading')}
        empty={<p className="text-muted">{t('products.none')}</p>}
        className="align-middle table-stack"
        caption={t('products.caption')}
        columns={[t('products.product'), t('products.price'), t('products.stock'), t('products.actions')]}
        row={(p) => (
          <tr key={p._id}>
            <td data-label={t('products.product')}>
              <div className="d-flex align-items-center gap-2">
                <img src={p.thumbnail} alt="" width={48} height={36} style={{ objectFit: 'cover' }} />
                <Link to={`/shop/${encodeURIComponent(p.slug)}`}>
                  <bdi>{p.name}</bdi>
                </Link>
              </div>
            </td>
            <td data-label={t('products.price')}>
              <bdi>${Number(p.price).toFixed(2)}</bdi>
            </td>
            <td data-label={t('products.stock')}>
              {p.quantity === 0 ? <span className="badge text-bg-danger">{t('products.outOfStock')}</span> : formatNumber(p.quantity)}
            </td>
            <td data-label={t('products.actions')}>
              <div className="d-flex gap-2 flex-wrap">
                <button
                  type="button"
                  className="btn btn-outline-primary btn-sm"
                  aria-label={t('products.editLabel', { name: p.name })}
                  onClick={() => setEditing(p)}
                >
                  {t('products.edit')}
                </button>
                {confirming === p._id ? (
                  <>
                    <button type="button" className="btn btn-danger btn-sm" onClick={() => void remove(p)}>
                      {t('products.confirmDelete')}
                    </button>
                    <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setConfirming(null)}>
                      {t('products.keep')}
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className="btn btn-outline-danger btn-sm"
                    aria-label={t('products.deleteLabel', { name: p.name })}
                    onClick={() => setConfirming(p._id)}
                  >
                    {t('products.delete')}
                  </button>
                )}
              </div>
            </td>
          </tr>
        )}
      />
    </section>
  );
}
