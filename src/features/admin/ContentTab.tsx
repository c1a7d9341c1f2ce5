import { useAppSelector, useServerData } from '../../app/hooks';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { useTranslation } from '../../i18n';
import { fetchContent, selectContent, unpublishContent, type ContentKind } from './adminSlice';
import { ReasonAction } from './ReasonAction';
import { useAdminAction } from './useAdminAction';
import { Section } from '../../ui/Section';

function ContentList({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation('admin');
  const reload = useServerData(fetchContent, kind);
  const { data: items, error } = useAppSelector(selectContent(kind));
  const action = useAdminAction(reload);
  return (
    <Section className="mb-5" titleId={`admin-${kind}-title`} titleClassName="h4" title={t(`content.${kind}`)}>
      <SuccessAlert message={action.message} focus />
      <ErrorAlert message={action.error} focus />
      <ErrorAlert message={error} />
      {items === null && <Spinner label={t(kind === 'articles' ? 'content.loadingArticles' : 'content.loadingProducts')} />}
      {items?.length === 0 && <p>{t('content.empty')}</p>}
      <ul className="list-group">
        {items?.map((item) => (
          <li key={item._id} className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2">
            <div>
              <div className="fw-semibold">{item.title}</div>
              <div className="small text-muted">
                {item.owner}
                {item.published ? '' : t('content.unpublished', { reason: item.unpublishedReason })}
              </div>
            </div>
            {item.published && (
              <ReasonAction action="unpublish" subject={item.title} onConfirm={(reason) => action.run(unpublishContent({ kind, id: item._id, reason }))} />
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Articles and products, each with unpublish-with-a-reason. */
export function ContentTab() {
  return (
    <>
      <ContentList kind="articles" />
      <ContentList kind="products" />
    </>
  );
}
