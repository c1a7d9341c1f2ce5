import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { MiniCartToast } from './MiniCartToast';
import { useAddToCart } from './useAddToCart';
import { ProductTexts } from './ProductTexts';
import { QuantityPicker } from './QuantityPicker';
import { RelatedProducts } from './RelatedProducts';
import { fetchProduct, fetchRelated, selectShop } from './shopSlice';
import { dollars } from './types';
import './shop.css';
import { useTranslation } from '../../i18n';
import { categoryName } from '../../ui/categories';

/** The SKU is not tracked; the page shows a fixed placeholder. */
const skuPlaceholder = 'N/A';

/** /shop/{slug}: photos, texts, seller, quantity and add to cart, related products. */
export default function ProductPage() {
  const { t } = useTranslation('shop');
  const { slug = '' } = useParams();
  const dispatch = useAppDispatch();
  const { product, productStatus, productError, related } = useAppSelector(selectShop);
  const { set } = useAddToCart();
  const [photo, setPhoto] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    setPhoto(0);
    setQuantity(1);
    void dispatch(fetchProduct(slug));
    void dispatch(fetchRelated(slug));
  }, [dispatch, slug]);

  const shown = product && product.slug === slug ? product : null;
  const stock = shown?.quantity ?? 0;

  const add = async () => {
    if (!shown) return;
    setAdding(true);
    await set(shown.slug, quantity);
    setAdding(false);
  };

  return (
    <>
      <PageBanner title={shown?.name ?? t('product.fallbackTitle')} />
      <div className="container py-4">
        {productStatus === 'loading' && <Spinner label={t('product.loading')} />}
        <ErrorAlert message={productStatus === 'failed' ? productError : null} />
        {productStatus === 'failed' && (
          <Link to="/shop" className="btn btn-outline-primary">
            {t('product.back')}
          </Link>
        )}
        {shown && (
          <>
            <div className="row g-4">
              <div className="col-md-6">
                <img className="product-detail__main" src={shown.photos[photo]?.photo ?? shown.thumbnail} alt={shown.name} width={560} height={420} />
                {shown.photos.length > 1 && (
                  <div className="d-flex gap-2 mt-2 flex-wrap" role="group" aria-label={t('product.photos')}>
                    {shown.photos.map((p, i) => (
                      <button
                        key={p._id}
                        type="button"
                        className="product-detail__thumb-button"
                        aria-pressed={i === photo}
                        aria-label={t('product.showPhoto', { index: i + 1 })}
                        onClick={() => setPhoto(i)}
                      >
                        <img className="product-detail__thumb" src={p.photo} alt="" width={72} height={54} />
                      </button>
                    ))}
                  </div>
                )}
              </div>
              <div className="col-md-6">
                <h2 className="h3">
                  <bdi>{shown.name}</bdi>
                </h2>
                <p className="product-detail__price mb-2">
                  <bdi>{dollars(shown.price)}</bdi>
                </p>
                {shown.prescriptionOnly && <p className="badge text-bg-warning text-wrap text-start lh-sm fs-6 mb-2">{t('product.prescriptionOnly')}</p>}
                <p className={`fw-semibold product-detail__stock--${stock > 0 ? 'in' : 'out'}`}>
                  {stock > 0 ? t('product.inStock', { count: stock }) : t('product.outOfStock')}
                </p>
                <dl className="row small mb-3">
                  <dt className="col-4">{t('product.seller')}</dt>
                  <dd className="col-8" dir="auto">
                    {shown.owner.username}
                  </dd>
                  {shown.brand && (
                    <>
                      <dt className="col-4">{t('product.brand')}</dt>
                      <dd className="col-8" dir="auto">
                        {shown.brand}
                      </dd>
                    </>
                  )}
                  {shown.owner.pharmacyName && (
                    <>
                      <dt className="col-4">{t('product.pharmacy')}</dt>
                      <dd className="col-8" dir="auto">
                        {shown.owner.pharmacyName}
                      </dd>
                    </>
                  )}
                  {shown.activeIngredients && shown.activeIngredients.length > 0 && (
                    <>
                      <dt className="col-4">{t('product.ingredients')}</dt>
                      <dd className="col-8" dir="auto">
                        {shown.activeIngredients.join(', ')}
                      </dd>
                    </>
                  )}
                  <dt className="col-4">{t('product.sku')}</dt>
                  <dd className="col-8">{skuPlaceholder}</dd>
                  {shown.category && (
                    <>
                      <dt className="col-4">{t('product.category')}</dt>
                      <dd className="col-8" dir="auto">
                        {categoryName(shown.category.name)}
                      </dd>
                    </>
                  )}
                </dl>
                <div className="d-flex gap-3 align-items-center flex-wrap mb-4">
                  <QuantityPicker
                    value={quantity}
                    min={1}
                    max={Math.max(1, stock)}
                    onChange={setQuantity}
                    label={t('product.quantity')}
                    disabled={stock === 0}
                  />
                  <button type="button" className="btn btn-primary" disabled={stock === 0 || adding} onClick={() => void add()}>
                    {t('product.add')}
                  </button>
                </div>
              </div>
            </div>
            <div className="mt-4">
              <ProductTexts product={shown} />
            </div>
            <RelatedProducts products={related} />
          </>
        )}
      </div>
      <MiniCartToast />
    </>
  );
}
