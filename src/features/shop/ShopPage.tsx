import { useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { useAddToCart } from '../cart/useAddToCart';
import { ProductCard } from './ProductCard';
import { ShopFiltersPanel } from './ShopFiltersPanel';
import { fetchCategories, fetchProducts, filtersChanged, filtersCleared, findProducts, selectShop } from './shopSlice';
import { filtersActive, type ShopFilters } from './types';
import './shop.css';

const pageSize = 12;
const typingDelayMs = 300;

/** /shop: the catalogue with filters and pages. */
export default function ShopPage() {
  const dispatch = useAppDispatch();
  const shop = useAppSelector(selectShop);
  const { addOne } = useAddToCart();
  const [serverPage, setServerPage] = useState(1);
  const [foundPage, setFoundPage] = useState(1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const filtering = filtersActive(shop.filters);

  useEffect(() => {
    void dispatch(fetchCategories());
  }, [dispatch]);

  // Without filters the server pages the catalogue; with them, the current filters are sent
  // (typing waits a moment so each keystroke does not make a call).
  useEffect(() => {
    clearTimeout(timer.current);
    if (!filtering) {
      void dispatch(fetchProducts(serverPage));
      return;
    }
    const filters: ShopFilters = shop.filters;
    timer.current = setTimeout(() => void dispatch(findProducts(filters)), typingDelayMs);
    return () => clearTimeout(timer.current);
  }, [dispatch, filtering, serverPage, shop.filters]);

  const change = (changes: Partial<ShopFilters>) => {
    setFoundPage(1);
    dispatch(filtersChanged(changes));
  };

  const list = useMemo(() => {
    if (!shop.found) return shop.products;
    return shop.found.slice((foundPage - 1) * pageSize, foundPage * pageSize);
  }, [shop.found, shop.products, foundPage]);
  const pages = shop.found ? Math.max(1, Math.ceil(shop.found.length / pageSize)) : shop.pages;
  const page = shop.found ? foundPage : shop.page;
  const goTo = (n: number) => {
    if (shop.found) setFoundPage(n);
    else setServerPage(n);
    window.scrollTo?.({ top: 0 });
  };
  const loading = shop.status === 'loading' || shop.status === 'idle';

  return (
    <>
      <PageBanner title="Shop" />
      <div className="container py-4">
        <div className="row g-4">
          <div className="col-lg-3">
            <ShopFiltersPanel filters={shop.filters} categories={shop.categories} categoriesError={shop.categoriesError} onChange={change} />
          </div>
          <div className="col-lg-9">
            <ErrorAlert message={shop.error} />
            {loading && list.length === 0 ? (
              <Spinner label="Loading products…" />
            ) : list.length === 0 && !shop.error ? (
              <EmptyState message="There are no products found">
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => {
                    setFoundPage(1);
                    dispatch(filtersCleared());
                  }}
                >
                  CLEAR FILTERS
                </button>
              </EmptyState>
            ) : (
              <>
                <p className="text-muted small" aria-live="polite">
                  {shop.found ? `${shop.found.length} ${shop.found.length === 1 ? 'product' : 'products'} found` : `${shop.results} products`}
                </p>
                <ul className="row g-3 list-unstyled" aria-label="Products">
                  {list.map((p) => (
                    <li key={p._id} className="col-sm-6 col-xl-4">
                      <ProductCard product={p} onAdd={(slug) => void addOne(slug)} />
                    </li>
                  ))}
                </ul>
                {pages > 1 && (
                  <nav aria-label="Product pages" className="mt-4">
                    <ul className="pagination justify-content-center flex-wrap">
                      {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
                        <li key={n} className={`page-item${n === page ? ' active' : ''}`}>
                          <button type="button" className="page-link" aria-current={n === page ? 'page' : undefined} onClick={() => goTo(n)}>
                            {n}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </nav>
                )}
              </>
            )}
          </div>
        </div>
      </div>
    </>
  );
}
