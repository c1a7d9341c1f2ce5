import { useId } from 'react';
import { shopSorts, type ShopSort } from './types';
import { useTranslation } from '../../i18n';

/** The shop's order: best match (only with a search text), newest, or by price. */
export function ShopSortSelect({ value, hasText, onChange }: { value: ShopSort; hasText: boolean; onChange: (sort: ShopSort) => void }) {
  const id = useId();
  const { t } = useTranslation('shop');
  const shown = value || (hasText ? 'relevance' : 'newest');
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor={id} className="form-label small mb-0 text-nowrap">
        {t('sort.label')}
      </label>
      <select id={id} className="form-select form-select-sm" value={shown} onChange={(e) => onChange(e.target.value as ShopSort)}>
        {shopSorts
          .filter(([sort]) => hasText || sort !== 'relevance')
          .map(([sort]) => (
            <option key={sort} value={sort}>
              {t(`sort.${sort}`)}
            </option>
          ))}
      </select>
    </div>
  );
}
