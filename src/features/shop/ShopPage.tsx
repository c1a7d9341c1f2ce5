import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useTranslation } from '../../i18n';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { MiniCartToast } from './MiniCartToast';
import { useAddToCart } from './useAddToCart';
import { ProductCard } from './ProductCard';
import { ShopFiltersPanel } from './ShopFiltersPanel';
import { ShopSortSelect } from './ShopSortSelect';
import { fetchCategories, fetchProducts, selectShop } from './shopSlice';
import { emptyFilters, filtersActive, readShopParams, shopParams, type ShopFilters } from './types';
import './shop.css';

const typingDelayMs = 300;

/**
 * /shop: the catalogue searched, filtered, sorted and paged by the server. Everything shown is in
 * the address: Back from page 2 returns to page 1 and a filtered view can be shared. On phones the
 * filters sit in an off-canvas panel behind a "Filters" button, so products come first.
 */
export default function ShopPage() {
  const { t } = useTranslation('shop');
  const dispatch = useAppDispatch();
  const shop = useAppSelector(selectShop);
  const { addOne } = useAddToCart();
  const [params, setParams] = useSearchParams();
  const { filters } = readShopParams(params);
  // Typed text is shown at once and written to the address after a pause, so each keystroke
  // neither calls the server nor adds a history entry.
  const [typed, setTyped] = useState({ name: filters.name, pharmacy: filters.pharmacy });
  const [panelOpen, setPanelOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const panel = useRef<HTMLDivElement>(null);
  const query = params.toString();

  useEffect(() => {
    void dispatch(fetchCategories());
  }, [dispatch]);

  useEffect(() => {
    const current = readShopParams(new URLSearchParams(query));
    setTyped({ name: current.filters.name, pharmacy: current.filters.pharmacy });
    void dispatch(fetchProducts(current));
  }, [dispatch, query]);

  useEffect(() => () => clearTimeout(timer.current), []);
  // The opened panel takes the focus, like a dialog, so keyboard and screen-reader users land in it.
  useEffect(() => {
    if (panelOpen) panel.current?.focus();
  }, [panelOpen]);

  /** A new view starts at page 1; choices are history entries, typing replaces the current one. */
  const show = useCallback((next: ShopFilters, nextPage: number, replace = false) => setParams(shopParams(next, nextPage), { replace }), [setParams]);

  const change = (changes: Partial<ShopFilters>) => {
    if ('name' in changes || 'pharmacy' in changes) {
      const nextTyped = { ...typed, ...changes } as typeof typed;
      setTyped(nextTyped);
      clearTimeout(timer.current);
      const from = window.location.pathname;
      timer.current = setTimeout(() => {
        // A product opened meanwhile (the page stays mounted while the next one loads): stay there.
        if (window.location.pathname === from) show({ ...filters, ...changes, ...nextTyped }, 1, true);
      }, typingDelayMs);
      return;
    }
    const slider = 'minPrice' in changes || 'maxPrice' in changes;
    show({ ...filters, ...typed, ...changes }, 1, slider);
  };

  const goTo = (n: number) => {
    show(filters, n);
    window.scrollTo?.({ top: 0 });
  };
  const clear = () => {
    clearTimeout(timer.current);
    setTyped({ name: '', pharmacy: '' });
    show(emptyFilters, 1);
  };
  const loading = shop.status === 'loading' || shop.status === 'idle';
  const list = shop.products;

  return (
    <>
      <PageBanner title={t('title')} />
      <div className="container py-4">
        <div className="row g-4">
          <div className="col-lg-3">
            <div
              className={`offcanvas-lg offcanvas-start shop-offcanvas${panelOpen ? ' show' : ''}`}
              id="shop-filters"
              ref={panel}
              tabIndex={-1}
              role={panelOpen ? 'dialog' : undefined}
              aria-modal={panelOpen ? true : undefined}
              aria-labelledby="shop-filters-title"
              onKeyDown={(e) => e.key === 'Escape' && setPanelOpen(false)}
            >
              <div className="offcanvas-header">
                <h2 className="offcanvas-title h5" id="shop-filters-title">
                  {t('filters')}
                </h2>
                <button type="button" className="btn-close" aria-label={t('closeFilters')} onClick={() => setPanelOpen(false)} />
              </div>
              <div className="offcanvas-body d-block">
                <ShopFiltersPanel filters={{ ...filters, ...typed }} categories={shop.categories} categoriesError={shop.categoriesError} onChange={change} />
                <button type="button" className="btn btn-primary w-100 mt-3 d-lg-none" onClick={() => setPanelOpen(false)}>
                  {t('show', { count: shop.results })}
                </button>
              </div>
            </div>
            {panelOpen && <div className="offcanvas-backdrop fade show d-lg-none" onClick={() => setPanelOpen(false)} aria-hidden="true" />}
          </div>
          <div className="col-lg-9">
            <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-3">
              <button
                type="button"
                className="btn btn-outline-primary d-lg-none"
                aria-controls="shop-filters"
                aria-expanded={panelOpen}
                onClick={() => setPanelOpen(true)}
              >
                {filtersActive(filters) ? t('filtersOn') : t('filters')}
              </button>
              <p className="text-muted small mb-0 me-auto" aria-live="polite">
                {loading ? t('searching') : t(filtersActive(filters) ? 'found' : 'results', { count: shop.results })}
              </p>
              <ShopSortSelect value={filters.sort} hasText={filters.name.trim() !== ''} onChange={(sort) => change({ sort })} />
            </div>
            <ErrorAlert message={shop.error} />
            {loading && list.length === 0 ? (
              <Spinner label={t('loading')} />
            ) : list.length === 0 && !shop.error ? (
              <EmptyState message={t('empty')}>
                <button type="button" className="btn btn-primary" onClick={clear}>
                  {t('clear')}
                </button>
              </EmptyState>
            ) : (
              <>
                <ul className="row g-3 list-unstyled" aria-label={t('products')}>
                  {list.map((p) => (
                    <li key={p._id} className="col-sm-6 col-xl-4">
                      <ProductCard product={p} onAdd={(slug) => void addOne(slug)} />
                    </li>
                  ))}
                </ul>
                {shop.pages > 1 && (
                  <nav aria-label={t('pages')} className="mt-4">
                    <ul className="pagination justify-content-center flex-wrap">
                      {Array.from({ length: shop.pages }, (_, i) => i + 1).map((n) => (
                        <li key={n} className={`page-item${n === shop.page ? ' active' : ''}`}>
                          <button type="button" className="page-link" aria-current={n === shop.page ? 'page' : undefined} onClick={() => goTo(n)}>
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
      <MiniCartToast />
    </>
  );
}
