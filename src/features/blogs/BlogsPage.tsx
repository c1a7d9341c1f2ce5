import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { selectGlobalError } from '../../app/appSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useTranslation } from '../../i18n';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import './blogs.css';
import { excerpt, secureUrl, stripTags } from '../../ui/text';
import { dateLabel } from './blogFormat';
import { BlogSidebar } from './BlogSidebar';
import { fetchBlogs, selectBlogs, selectBlogsError, selectBlogsStatus } from './blogsSlice';
import { categoryName } from '../../ui/categories';

/** How long the list waits for posts before saying there are none. */
export const emptyAfterMs = 10_000;

/** Every post, newest first, with the side panel. */
export default function BlogsPage() {
  const { t } = useTranslation('blogs');
  const dispatch = useAppDispatch();
  const blogs = useAppSelector(selectBlogs);
  const status = useAppSelector(selectBlogsStatus);
  const listError = useAppSelector(selectBlogsError);
  const globalError = useAppSelector(selectGlobalError);
  const [waited, setWaited] = useState(false);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);

  useEffect(() => {
    void dispatch(fetchBlogs());
    const timer = window.setTimeout(() => setWaited(true), emptyAfterMs);
    return () => window.clearTimeout(timer);
  }, [dispatch]);

  // A guest's 'Unauthorized' from another call is not this page's business.
  const error = listError ?? (globalError && globalError !== 'Unauthorized' ? globalError : null);
  const needle = search.trim().toLowerCase();
  const shown = [...blogs]
    .reverse()
    .filter((b) => !category || (b.category?.slug ?? b.category?.name) === category)
    .filter((b) => !needle || b.title.toLowerCase().includes(needle) || stripTags(b.content).toLowerCase().includes(needle));

  return (
    <>
      <PageBanner title={t('title')} />
      <div className="container py-5">
        <div className="row g-4 g-lg-5">
          <div className="col-lg-8">
            <ErrorAlert message={error} />
            {blogs.length === 0 ? (
              waited || (status === 'succeeded' && blogs.length === 0) ? (
                <EmptyState message={t('empty')} />
              ) : (
                <Spinner label={t('loading')} />
              )
            ) : shown.length === 0 ? (
              <EmptyState message={t('noMatch')}>
                <button
                  type="button"
                  className="btn btn-outline-primary"
                  onClick={() => {
                    setSearch('');
                    setCategory(null);
                  }}
                >
                  {t('showAll')}
                </button>
              </EmptyState>
            ) : (
              <ul className="list-unstyled blog-list">
                {shown.map((blog) => {
                  const label = dateLabel(blog.created_at);
                  return (
                    <li key={blog._id}>
                      <article className="blog-entry">
                        <Link to={`/blogs/${blog.slug}`} className="blog-entry__image" tabIndex={-1} aria-hidden="true">
                          <img src={secureUrl(blog.thumbnail)} alt="" width={1200} height={675} loading="lazy" decoding="async" />
                          <span className="date-badge">
                            <span className="date-badge__day">{label.day}</span>
                            <span className="date-badge__month">{label.month}</span>
                          </span>
                        </Link>
                        <div className="blog-entry__body">
                          <p className="blog-entry__meta">
                            <span>{t('byAdmin')}</span>
                            {blog.category?.name && <bdi>{categoryName(blog.category.name)}</bdi>}
                          </p>
                          <h2 className="blog-entry__title">
                            <Link to={`/blogs/${blog.slug}`} dir="auto">
                              {blog.title}
                            </Link>
                          </h2>
                          <p className="blog-entry__excerpt">{excerpt(blog.content, 220)}</p>
                          <Link to={`/blogs/${blog.slug}`} className="btn btn-primary btn-sm" aria-label={t('readMoreOf', { title: blog.title })}>
                            {t('readMore')}
                          </Link>
                        </div>
                      </article>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          <div className="col-lg-4">
            <BlogSidebar blogs={blogs} search={search} onSearch={setSearch} activeCategory={category} onCategory={setCategory} />
          </div>
        </div>
      </div>
    </>
  );
}
