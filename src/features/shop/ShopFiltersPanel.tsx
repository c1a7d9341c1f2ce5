import { useId } from 'react';
import { useTranslation } from '../../i18n';
import { priceCeiling, priceFloor, type Category, type ShopFilters } from './types';
import { categoryName } from '../../ui/categories';
import { Field } from '../../ui/Field';
import { shortDollarsOf } from '../../ui/money';

interface Props {
  filters: ShopFilters;
  categories: Category[];
  categoriesError: string | null;
  onChange: (changes: Partial<ShopFilters>) => void;
}

/** Search text, pharmacy, price range (0 to 500) and category filters. Every change filters at once. */
export function ShopFiltersPanel({ filters, categories, categoriesError, onChange }: Props) {
  const id = useId();
  const { t } = useTranslation('shop');
  const categoryButton = (slug: string, name: string, sub = false) => (
    <li key={slug}>
      <button
        type="button"
        className={`btn btn-link p-0 text-start text-decoration-none shop-filters__category${sub ? ' ms-3 small' : ''}${filters.category === slug ? ' fw-bold' : ''}`}
        aria-pressed={filters.category === slug}
        onClick={() => onChange({ category: filters.category === slug ? '' : slug })}
      >
        <bdi>{name}</bdi>
      </button>
    </li>
  );
  return (
    <aside className="shop-filters" aria-label={t('filters')}>
      <Field id={`${id}-name`} className="mb-3" label={t('panel.search')}>
        <input
          id={`${id}-name`}
          type="search"
          className="form-control"
          value={filters.name}
          onChange={(e) => onChange({ name: e.target.value })}
          placeholder={t('panel.searchPlaceholder')}
        />
      </Field>
      <Field id={`${id}-pharmacy`} className="mb-3" label={t('panel.pharmacy')}>
        <input
          id={`${id}-pharmacy`}
          type="search"
          className="form-control"
          value={filters.pharmacy}
          onChange={(e) => onChange({ pharmacy: e.target.value })}
          placeholder={t('panel.pharmacyPlaceholder')}
        />
      </Field>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('panel.price', { min: shortDollarsOf(filters.minPrice), max: shortDollarsOf(filters.maxPrice) })}</legend>
        <label className="form-label small mb-0" htmlFor={`${id}-min`}>
          {t('panel.lowest')}
        </label>
        <input
          id={`${id}-min`}
          type="range"
          className="form-range"
          min={priceFloor}
          max={priceCeiling}
          step={5}
          value={filters.minPrice}
          onChange={(e) => onChange({ minPrice: Math.min(Number(e.target.value), filters.maxPrice) })}
        />
        <label className="form-label small mb-0" htmlFor={`${id}-max`}>
          {t('panel.highest')}
        </label>
        <input
          id={`${id}-max`}
          type="range"
          className="form-range"
          min={priceFloor}
          max={priceCeiling}
          step={5}
          value={filters.maxPrice}
          onChange={(e) => onChange({ maxPrice: Math.max(Number(e.target.value), filters.minPrice) })}
        />
      </fieldset>
      <h2 className="h6">{t('panel.categories')}</h2>
      {categoriesError ? (
        <div className="alert alert-danger small" role="alert">
          {categoriesError}
        </div>
      ) : (
        <ul className="list-unstyled shop-filters__categories" aria-label={t('panel.categories')}>
          {categoryButton('', t('panel.allCategories'))}
          {categories.map((c) => [
            categoryButton(c.slug, categoryName(c.name)),
            ...c.sub_categories.map((s) => categoryButton(s.slug, categoryName(s.name), true)),
          ])}
        </ul>
      )}
    </aside>
  );
}
