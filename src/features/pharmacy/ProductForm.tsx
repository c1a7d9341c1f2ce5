import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { rejectionMessage } from '../../app/serverThunk';
import { useTranslation } from '../../i18n';
import { ErrorAlert } from '../../ui/ErrorAlert';
import './texts';
import { saveProduct } from './pharmacySlice';
import type { CategoryOption, OwnProduct } from './types';
import { categoryName } from '../../ui/categories';
import { FilePicker } from '../../ui/FilePicker';
import { Field } from '../../ui/Field';

interface Props {
  categories: CategoryOption[];
  /** The product being edited; absent when listing a new one. */
  product?: OwnProduct;
  onSaved: (message: string) => void;
  onCancel: () => void;
}

/** The long texts of a product; each key is also its label's key under `form.`. */
const textFields = ['about', 'description', 'indications', 'sideEffects', 'contraindicationsAndWarnings'] as const;

type Values = Record<'name' | 'price' | 'quantity' | 'category' | 'activeIngredients' | (typeof textFields)[number], string>;

/** Lists a new product or changes one: texts may hold simple HTML, which the server sanitizes. */
export function ProductForm({ categories, product, onSaved, onCancel }: Props) {
  const id = useId();
  const dispatch = useAppDispatch();
  const { t } = useTranslation('pharmacy');
  const [values, setValues] = useState<Values>({
    name: product?.name ?? '',
    price: product ? String(product.price) : '',
    quantity: product ? String(product.quantity) : '',
    category: product?.category?.slug ?? '',
    activeIngredients: product?.activeIngredients?.join(', ') ?? '',
    about: product?.about ?? '',
    description: product?.description ?? '',
    indications: product?.indications ?? '',
    sideEffects: product?.sideEffects ?? '',
    contraindicationsAndWarnings: product?.contraindicationsAndWarnings ?? '',
  });
  const [prescriptionOnly, setPrescriptionOnly] = useState(product?.prescriptionOnly ?? false);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof Values, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const fields = { ...values, prescriptionOnly: String(prescriptionOnly), thumbnail: thumbnail ?? undefined, photos: photos.length ? photos : undefined };
      onSaved(await dispatch(saveProduct({ slug: product?.slug, fields })).unwrap());
    } catch (e) {
      setError(rejectionMessage(e));
      setSaving(false);
    }
  };

  return (
    <form
      className="card card-body mb-4"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={product ? t('form.edit', { name: product.name }) : t('form.add')}
    >
      <h3 className="h5">{product ? t('form.edit', { name: product.name }) : t('form.add')}</h3>
      <ErrorAlert message={error} />
      <div className="row g-3">
        <Field id={`${id}-name`} className="col-md-6" label={t('form.name')}>
          <input id={`${id}-name`} className="form-control" value={values.name} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field id={`${id}-price`} className="col-md-3" label={t('form.price')}>
          <input id={`${id}-price`} className="form-control" inputMode="decimal" value={values.price} onChange={(e) => set('price', e.target.value)} />
        </Field>
        <Field id={`${id}-quantity`} className="col-md-3" label={t('form.quantity')}>
          <input id={`${id}-quantity`} className="form-control" inputMode="numeric" value={values.quantity} onChange={(e) => set('quantity', e.target.value)} />
        </Field>
        <Field id={`${id}-category`} className="col-md-6" label={t('form.category')}>
          <select id={`${id}-category`} className="form-select" value={values.category} onChange={(e) => set('category', e.target.value)}>
            <option value="">{t('form.chooseCategory')}</option>
            {categories.map((c) => (
              <optgroup key={c._id} label={categoryName(c.name)}>
                <option value={c.slug}>{t('form.wholeCategory', { name: categoryName(c.name) })}</option>
                {c.sub_categories.map((s) => (
                  <option key={s._id} value={s.slug}>
                    {categoryName(s.name)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
        <Field id={`${id}-ingredients`} className="col-md-6" label={t('form.ingredients')}>
          <input
            id={`${id}-ingredients`}
            className="form-control"
            value={values.activeIngredients}
            onChange={(e) => set('activeIngredients', e.target.value)}
          />
        </Field>
        <div className="col-md-6 d-flex align-items-end">
          <div className="form-check">
            <input
              id={`${id}-prescription`}
              type="checkbox"
              className="form-check-input"
              checked={prescriptionOnly}
              onChange={(e) => setPrescriptionOnly(e.target.checked)}
            />
            <label className="form-check-label" htmlFor={`${id}-prescription`}>
              {t('form.prescriptionOnly')}
            </label>
          </div>
        </div>
        <Field id={`${id}-thumbnail`} className="col-md-3" label={t(product ? 'form.thumbnail' : 'form.thumbnailRequired')}>
          <FilePicker id={`${id}-thumbnail`} accept="image/png,image/gif,image/jpeg" onFiles={(files) => setThumbnail(files[0] ?? null)} />
        </Field>
        <Field id={`${id}-photos`} className="col-md-3" label={t('form.photos')}>
          <FilePicker id={`${id}-photos`} multiple accept="image/png,image/gif,image/jpeg" onFiles={setPhotos} />
        </Field>
        {textFields.map((key) => (
          <div key={key} className="col-12">
            <label className="form-label" htmlFor={`${id}-${key}`}>
              {t(`form.${key}`)}
            </label>
            <textarea
              id={`${id}-${key}`}
              className="form-control"
              rows={key === 'about' ? 2 : 3}
              value={values[key]}
              onChange={(e) => set(key, e.target.value)}
            />
          </div>
        ))}
      </div>
      <div className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {t(product ? 'form.save' : 'form.submit')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
