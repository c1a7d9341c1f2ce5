import { useId } from 'react';
import { Link } from 'react-router-dom';
import { secureUrl } from '../../ui/text';
import type { Blog } from './types';
import { useTranslation } from '../../i18n';
import { categoryName } from '../../ui/categories';

interface Props {
  blogs: Blog[];
  search?: string;
  onSearch?: (text: string) => void;
  activeCategory?: string | null;
  onCategory?: (slug: string | null) => void;
}

/**
 * The side panel of the blog pages: search, categories, recent posts and useful links. It makes no
 * call of its own; search and categories filter the posts already loaded.
 */
export function BlogSidebar({ blogs, search, onSearch, activeCategory, onCategory }: Props) {
  const searchId = useId();
  const { t } = useTranslation('blogs');
  const categories = new Map<string, { name: string; count: number }>();
  for (const blog of blogs) {
    if (!blog.category?.name) continue;
    const key = blog.category.slug ?? blog.category.name;
    const entry = categories.get(key) ?? { name: blog.category.name, count: 0 };
    entry.count += 1;
    categories.set(key, entry);
  }
  const recent = blogs.slice(-3).reverse();
  return (
    <aside className="blog-sidebar" aria-label={t('sidebar.label')}>
      <form className="blog-sidebar__box" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={searchId} className="blog-sidebar__title">
          {t('sidebar.search')}
        </label>
        <input
          id={searchId}
          type="search"
          className="form-control"
          placeholder={t('sidebar.searchPlaceholder')}
          value={search ?? ''}
          onChange={(e) => onSearch?.(e.target.value)}
          readOnly={!onSearch}
        />
      </form>
      <div className="blog-sidebar__box">
        <h2 className="blog-sidebar__title">{t('sidebar.categories')}</h2>
        <ul className="list-unstyled blog-sidebar__list">
          {[...categories.entries()].map(([key, { name, count }]) => (
            <li key={key}>
              {onCategory ? (
                <button
                  type="button"
                  className={`blog-sidebar__category${activeCategory === key ? ' is-active' : ''}`}
                  aria-pressed={activeCategory === key}
                  onClick={() => onCategory(activeCategory === key ? null : key)}
                >
                  <bdi>{categoryName(name)}</bdi> <span className="badge rounded-pill">{count}</span>
                </button>
              ) : (
                <Link className="blog-sidebar__category" to="/blogs">
                  <bdi>{categoryName(name)}</bdi> <span className="badge rounded-pill">{count}</span>
                </Link>
              )}
            </li>
          ))}
        </ul>
      </div>
      <div className="blog-sidebar__box">
        <h2 className="blog-sidebar__title">{t('sidebar.recent')}</h2>
        <ul className="list-unstyled blog-sidebar__recent">
          {recent.map((blog) => (
            <li key={blog._id}>
              <img src={secureUrl(blog.thumbnail)} alt="" width={72} height={54} loading="lazy" />
              <Link to={`/blogs/${blog.slug}`} dir="auto">
                {blog.title}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <div className="blog-sidebar__box">
        <h2 className="blog-sidebar__title">{t('sidebar.links')}</h2>
        <ul className="list-unstyled blog-sidebar__list">
          <li>
            <Link to="/doctors">{t('sidebar.findDoctor')}</Link>
          </li>
          <li>
            <Link to="/appointment/request">{t('sidebar.request')}</Link>
          </li>
          <li>
            <Link to="/shop">{t('sidebar.shop')}</Link>
          </li>
          <li>
            <Link to="/contact">{t('sidebar.contact')}</Link>
          </li>
        </ul>
      </div>
    </aside>
  );
}
