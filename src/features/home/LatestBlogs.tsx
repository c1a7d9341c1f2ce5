import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { excerpt, readableDate, secureUrl } from '../../ui/text';
import type { HomeBlog } from './types';
import { useTranslation } from '../../i18n';
import { SectionHead } from './SectionHead';
import { categoryName } from '../../ui/categories';

/** The three latest articles: the last three of the list (the server sends it oldest first), newest first. */
export function LatestBlogs({ blogs, status, error }: { blogs: HomeBlog[]; status: string; error: string | null }) {
  const latest = blogs.slice(-3).reverse();
  const { t } = useTranslation('home');
  return (
    <section className="home-section latest-blogs" aria-labelledby="latest-blogs-title">
      <div className="container">
        <SectionHead id="latest-blogs-title" kicker={t('blogs.kicker')} title={t('blogs.title')} to="/blogs" linkText={t('blogs.all')} />
        {latest.length === 0 ? (
          status === 'failed' ? (
            <ErrorAlert message={error} />
          ) : status === 'succeeded' ? (
            <p className="text-muted">{t('blogs.empty')}</p>
          ) : (
            <Spinner label={t('blogs.loading')} />
          )
        ) : (
          <div className="row g-4">
            {latest.map((blog) => (
              <div className="col-md-6 col-lg-4" key={blog._id}>
                <article className="blog-card h-100">
                  <Link to={`/blogs/${blog.slug}`} className="blog-card__image" tabIndex={-1} aria-hidden="true">
                    <img src={secureUrl(blog.thumbnail)} alt="" width={1200} height={675} loading="lazy" decoding="async" />
                  </Link>
                  <div className="blog-card__body">
                    <p className="blog-card__meta">
                      {blog.category?.name && <span className="blog-card__category">{categoryName(blog.category.name)}</span>}
                      <time dateTime={blog.updated_at}>{readableDate(blog.updated_at, 'short')}</time>
                    </p>
                    <h3 className="blog-card__title">
                      <Link to={`/blogs/${blog.slug}`} dir="auto">
                        {blog.title}
                      </Link>
                    </h3>
                    <p className="blog-card__excerpt">{excerpt(blog.content, 120)}</p>
                  </div>
                </article>
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
