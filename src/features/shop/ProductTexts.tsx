import DOMPurify from 'dompurify';
import type { ProductDetail } from './types';

const sections: [keyof ProductDetail, string][] = [
  ['about', 'About'],
  ['description', 'Description'],
  ['indications', 'Indications'],
  ['sideEffects', 'Side effects'],
  ['contraindicationsAndWarnings', 'Contraindications and warnings'],
];

/** The product's five texts. They arrive sanitized and are sanitized again before they are shown. */
export function ProductTexts({ product }: { product: ProductDetail }) {
  return (
    <div className="product-texts">
      {sections.map(([key, title]) => {
        const html = String(product[key] ?? '');
        if (!html) return null;
        return (
          <section key={key} className="mb-4" aria-labelledby={`product-${key}`}>
            <h2 id={`product-${key}`} className="h5">
              {title}
            </h2>
            <div className="product-text" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />
          </section>
        );
      })}
    </div>
  );
}
