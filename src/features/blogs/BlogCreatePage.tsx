import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { selectIsLoggedIn, selectRole } from '../session';
import './blogs.css';
import { createBlog, fetchBlogCategories, resetCreate, selectBlogCategories, selectCreateBlog } from './blogsSlice';
import { categoryName } from '../../ui/categories';
import { FilePicker } from '../../ui/FilePicker';
import { AccessPrompt } from '../../ui/AccessPrompt';
import { Field } from '../../ui/Field';

// The editor (Tiptap and ProseMirror) is only ever downloaded by this page, after it has rendered.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

const emptyForm = { title: '', content: '', category: '', keywords: '' };

/** A doctor writes a post: title, rich text, thumbnail, category and keywords. */
export default function BlogCreatePage() {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const role = useAppSelector(selectRole);
  const categories = useAppSelector(selectBlogCategories);
  const create = useAppSelector(selectCreateBlog);
  const [form, setForm] = useState(emptyForm);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  // Changing the key gives a fresh editor and file input after a post is published.
  const [formKey, setFormKey] = useState(0);
  const id = useId();
  const { t } = useTranslation('blogs');

  useEffect(() => {
    dispatch(resetCreate());
    if (loggedIn && role === 'doctor') void dispatch(fetchBlogCategories());
  }, [dispatch, loggedIn, role]);

  if (!loggedIn || role !== 'doctor') {
    return (
      <>
        <PageBanner title={t('create.title')} />
        <AccessPrompt
          className="container py-5 text-center"
          message={loggedIn ? t('create.onlyDoctors') : t('create.pleaseLogin')}
          linkText={loggedIn ? t('create.readBlogs') : t('create.login')}
          to={loggedIn ? '/blogs' : '/account/login'}
        />
      </>
    );
  }

  const set = (field: keyof typeof emptyForm) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await dispatch(createBlog({ ...form, thumbnail }));
    if (createBlog.fulfilled.match(result)) {
      setForm(emptyForm);
      setThumbnail(null);
      setFormKey((k) => k + 1);
    }
  };

  return (
    <>
      <PageBanner title={t('create.title')} />
      <div className="container py-5">
        <form className="blog-create card p-4 p-md-5 mx-auto" onSubmit={submit} noValidate>
          <h2 className="h4 mb-4">{t('create.heading')}</h2>
          <SuccessAlert message={create.status === 'succeeded' ? t('create.success') : null} focus>
            {' '}
            <Link to="/blogs">{t('create.goToBlogs')}</Link>
          </SuccessAlert>
          <ErrorAlert message={create.status === 'failed' ? create.error : null} focus />
          <ErrorAlert message={categories.error} />
          <Field id={`${id}-title`} className="mb-3" label={t('create.titleLabel')}>
            <input id={`${id}-title`} className="form-control" value={form.title} maxLength={200} onChange={(e) => set('title')(e.target.value)} />
          </Field>
          <div className="mb-3">
            <span className="form-label d-block" id={`${id}-content`}>
              {t('create.content')}
            </span>
            <Suspense
              fallback={
                <div className="form-control rte__area rte__area--loading" role="status">
                  {t('editor.loading')}
                </div>
              }
            >
              <RichTextEditor key={formKey} labelledBy={`${id}-content`} describedBy={`${id}-content-hint`} onChange={set('content')} />
            </Suspense>
            <p id={`${id}-content-hint`} className="form-text">
              {t('create.contentHint')}
            </p>
          </div>
          <div className="row g-3 mb-3">
            <Field id={`${id}-thumbnail`} className="col-md-6" label={t('create.thumbnail')}>
              <FilePicker key={formKey} id={`${id}-thumbnail`} accept="image/png,image/gif,image/jpeg" onFiles={(files) => setThumbnail(files[0] ?? null)} />
            </Field>
            <Field id={`${id}-category`} className="col-md-6" label={t('create.category')}>
              <select id={`${id}-category`} className="form-select" value={form.category} onChange={(e) => set('category')(e.target.value)}>
                <option value="">{t('create.chooseCategory')}</option>
                {categories.items.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {categoryName(c.name)}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field id={`${id}-keywords`} className="mb-4" label={t('create.keywords')}>
            <input
              id={`${id}-keywords`}
              className="form-control"
              value={form.keywords}
              placeholder={t('create.keywordsPlaceholder')}
              aria-describedby={`${id}-keywords-hint`}
              onChange={(e) => set('keywords')(e.target.value)}
            />
            <p id={`${id}-keywords-hint`} className="form-text">
              {t('create.keywordsHint')}
            </p>
          </Field>
          <button type="submit" className="btn btn-primary px-4" disabled={create.status === 'loading'}>
            {create.status === 'loading' ? t('create.posting') : t('create.post')}
          </button>
        </form>
      </div>
    </>
  );
}
