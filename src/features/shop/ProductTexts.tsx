import type { ProductDetail } from './types';
import { useTranslation } from '../../i18n';
import { safeHtml } from '../../ui/safeHtml';

/** The five texts in their order; each title is `texts.<key>` in the shop namespace. */
const sections: (keyof ProductDetail)[] = ['about', 'description', 'indications', 'sideEffects', 'contraindicationsAndWarnings'];

/** The product's five texts. They arrive sanitized and are sanitized again before they are shown. */
export function ProductTexts({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('shop');
  return (
    <div className="product-texts">
      {sections.map((key) => {
        const html = String(product[key] ?? '');
        if (!html) return null;
        return (
          <section key={key} className="mb-4" aria-labelledby={`product-${key}`}>
            <h2 id={`product-${key}`} className="h5">
              {t(`texts.${key}`)}
            </h2>
            <div className="product-text" dir="auto" dangerouslySetInnerHTML={{ __html: safeHtml(html) }} />
          </section>
        );
      })}
    </div>
  );
}
