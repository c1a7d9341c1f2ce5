import { useId } from 'react';
import { useTranslation } from '../../i18n';
import { Field } from '../../ui/Field';

// The sample discussion: names stay as written, dates and words follow the language (blogs:comments.sample.<key>).
const comments = [
  { key: 'nour', name: 'Nour Adel' },
  { key: 'omar', name: 'Omar Said' },
  { key: 'ahmed', name: 'Dr. Ahmed Hassan' },
];

/** The post's author box, comments and comment form. */
export function BlogComments() {
  const id = useId();
  const { t } = useTranslation('blogs');
  return (
    <>
      <section className="author-box" aria-label={t('comments.author')}>
        <span className="author-box__avatar" aria-hidden="true">
          A
        </span>
        <div>
          <h2 className="author-box__name">{t('comments.authorName')}</h2>
          <p className="mb-0 text-muted">{t('comments.authorText')}</p>
        </div>
      </section>
      <section className="comments" aria-labelledby={`${id}-comments`}>
        <h2 id={`${id}-comments`} className="comments__title">
          {t('comments.count')}
        </h2>
        <ul className="list-unstyled">
          {comments.map((c) => (
            <li key={c.key} className="comment">
              <span className="comment__avatar" aria-hidden="true">
                {c.name.replace('Dr. ', '')[0]}
              </span>
              <div>
                <p className="comment__head">
                  <bdi>
                    <strong>{c.name}</strong>
                  </bdi>{' '}
                  <span className="text-muted small">{t(`comments.sample.${c.key}.date`)}</span>
                </p>
                <p className="mb-0">{t(`comments.sample.${c.key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <form className="comment-form" aria-labelledby={`${id}-form`} onSubmit={(e) => e.preventDefault()}>
        <h2 id={`${id}-form`} className="comments__title">
          {t('comments.leave')}
        </h2>
        <div className="row g-3">
          <Field id={`${id}-name`} className="col-md-4" label={t('comments.name')}>
            <input id={`${id}-name`} className="form-control" autoComplete="name" />
          </Field>
          <Field id={`${id}-email`} className="col-md-4" label={t('comments.email')}>
            <input id={`${id}-email`} type="email" className="form-control" autoComplete="email" />
          </Field>
          <Field id={`${id}-website`} className="col-md-4" label={t('comments.website')}>
            <input id={`${id}-website`} type="url" className="form-control" autoComplete="url" />
          </Field>
          <Field id={`${id}-message`} className="col-12" label={t('comments.message')}>
            <textarea id={`${id}-message`} className="form-control" rows={5} />
          </Field>
        </div>
        <button type="submit" className="btn btn-primary mt-3">
          {t('comments.submit')}
        </button>
      </form>
    </>
  );
}
