import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useTranslation } from '../../i18n';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { safeHtml } from '../../ui/safeHtml';
import './blogs.css';
import { readableDate, secureUrl } from '../../ui/text';
import { dateLabel } from './blogFormat';
import { BlogComments } from './BlogComments';
import { BlogSidebar } from './BlogSidebar';
import { fetchBlog, fetchBlogs, selectBlogs, selectCurrentBlog } from './blogsSlice';
import { categoryName } from '../../ui/categories';

// The share buttons (react-share) load after the article, keeping the page within its budget.
const ShareLinks = lazy(() => import('./ShareLinks').then((m) => ({ default: m.ShareLinks })));

/** One post: banner, picture with its date label, sanitized content, share links, author and comments. */
export default function BlogPage() {
  const { t } = useTranslation('blogs');
  const { slug = '' } = useParams();
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectCurrentBlog);
  const blogs = useAppSelector(selectBlogs);

  useEffect(() => {
    void dispatch(fetchBlog(slug));
  }, [dispatch, slug]);
  useEffect(() => {
    if (blogs.length === 0) void dispatch(fetchBlogs());
  }, [dispatch, blogs.length]);

  const blog = current.slug === slug ? current.blog : null;
  const loading = current.slug !== slug || current.status === 'loading' || current.status === 'idle';
  const html = useMemo(() => (blog ? safeHtml(String(blog.content ?? '')) : ''), [blog]);
  const label = blog ? dateLabel(blog.created_at) : null;

  return (
    <>
      <PageBanner title={blog?.title ?? t('post.fallbackTitle')} />
      <div className="container py-5">
        <div className="row g-4 g-lg-5">
          <div className="col-lg-8">
            {loading ? (
              <Spinner label={t('post.loading')} />
            ) : !blog ? (
              <ErrorAlert message={current.error ?? t('post.failed')} />
            ) : (
              <article className="blog-post">
                <div className="blog-post__image">
                  <img src={secureUrl(blog.thumbnail)} alt={blog.title} width={1200} height={675} fetchPriority="high" />
                  {label && (
                    <span className="date-badge" aria-hidden="true">
                      <span className="date-badge__day">{label.day}</span>
                      <span className="date-badge__month">{label.month}</span>
                    </span>
                  )}
                </div>
                <h2 className="blog-post__title" dir="auto">
                  {blog.title}
                </h2>
                <ul className="blog-post__meta list-unstyled">
                  <li>
                    {t('post.by')} <strong>{t('post.admin')}</strong>
                  </li>
                  <li>
                    <bdi>{blog.category?.name ? categoryName(blog.category.name) : ''}</bdi>
                  </li>
                  <li>
                    <time dateTime={blog.created_at}>{readableDate(blog.created_at)}</time>
                  </li>
                  <li>{t('post.comments')}</li>
                </ul>
                {/* An article reads in its own language's direction whatever the page's (an English post on the Arabic site). */}
                <div className="blog-post__content" dir="auto" dangerouslySetInnerHTML={{ __html: html }} />
                <Suspense fallback={<div className="share-links" aria-hidden="true" />}>
                  <ShareLinks title={blog.title} content={blog.content} url={window.location.href} />
                </Suspense>
                <BlogComments />
              </article>
            )}
          </div>
          <div className="col-lg-4">
            <BlogSidebar blogs={blogs} />
          </div>
        </div>
      </div>
    </>
  );
}
