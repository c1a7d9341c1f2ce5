import { useList } from '../../api/useList';
import { ErrorAlert, SuccessAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { adminApi } from './adminApi';
import { ReasonAction } from './ReasonAction';
import type { ContentItem } from './types';
import { useAdminAction } from './useAdminAction';

function ContentList({ kind, title }: { kind: 'articles' | 'products'; title: string }) {
  const { items, error, reload } = useList<ContentItem>(`admin/${kind}`, 'items');
  const action = useAdminAction(reload);
  return (
    <section className="mb-5" aria-labelledby={`admin-${kind}-title`}>
      <h2 id={`admin-${kind}-title`} className="h4">
        {title}
      </h2>
      <SuccessAlert message={action.message} />
      <ErrorAlert message={action.error ?? error} />
      {items === null && <Spinner label={`Loading ${kind}…`} />}
      {items?.length === 0 && <p>Nothing here yet.</p>}
      <ul className="list-group">
        {items?.map((item) => (
          <li key={item._id} className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2">
            <div>
              <div className="fw-semibold">{item.title}</div>
              <div className="small text-muted">
                {item.owner}
                {item.published ? '' : ` · unpublished: ${item.unpublishedReason}`}
              </div>
            </div>
            {item.published && <ReasonAction label="Unpublish" subject={item.title} onConfirm={(reason) => action.run(() => adminApi.unpublish(kind, item._id, reason))} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Articles and products, each with unpublish-with-a-reason. */
export function ContentTab() {
  return (
    <>
      <ContentList kind="articles" title="Articles" />
      <ContentList kind="products" title="Products" />
    </>
  );
}
