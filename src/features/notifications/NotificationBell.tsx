import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { formatDateTime, formatNumber } from '../../ui/clinicTime';
import { DropdownMenu } from '../../ui/DropdownMenu';
import { BellIcon } from '../../ui/icons';
import { selectSavedLanguage, selectToken } from '../session';
import {
  fetchNotifications,
  markNotificationsRead,
  selectNotifications,
  selectNotificationsError,
  selectNotificationsStatus,
  selectUnreadNotifications,
} from './notificationsSlice';
import './texts';

/**
 * The navbar's bell: the unread count in its name and badge, and a panel of the latest
 * notifications. New ones arrive live through the chat connection the navbar already keeps open.
 */
export function NotificationBell() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('notifications');
  const token = useAppSelector(selectToken);
  const items = useAppSelector(selectNotifications);
  const unread = useAppSelector(selectUnreadNotifications);
  const status = useAppSelector(selectNotificationsStatus);
  const error = useAppSelector(selectNotificationsError);
  // The server words notifications in her saved language: once it saved a new one, read them again.
  const savedLanguage = useAppSelector(selectSavedLanguage);

  useEffect(() => {
    if (token) void dispatch(fetchNotifications());
  }, [dispatch, token, savedLanguage]);

  const label = unread > 0 ? t('bell.unread', { count: unread }) : t('bell.title');
  return (
    <DropdownMenu
      className="notification-bell"
      toggleClassName="icon-link-btn btn btn-link p-0 border-0 no-caret"
      toggleLabel={label}
      align="end"
      toggle={
        <>
          <BellIcon />
          {unread > 0 && (
            <span className="icon-badge" aria-hidden="true" data-testid="notification-badge">
              {unread > 99 ? `${formatNumber(99)}+` : formatNumber(unread)}
            </span>
          )}
        </>
      }
    >
      {(close) => (
        <>
          <li className="d-flex align-items-center justify-content-between px-3 py-2 border-bottom notification-panel__head">
            <strong>{t('bell.title')}</strong>
            <button type="button" className="btn btn-link btn-sm p-0" disabled={unread === 0} onClick={() => void dispatch(markNotificationsRead(undefined))}>
              {t('bell.markAll')}
            </button>
          </li>
          {error && (
            <li className="px-3 py-2 text-danger small" role="alert">
              {error}
            </li>
          )}
          {status === 'loading' && items.length === 0 && <li className="px-3 py-2 text-muted small">{t('common:loading')}</li>}
          {status !== 'loading' && items.length === 0 && <li className="px-3 py-2 text-muted small">{t('bell.empty')}</li>}
          {items.map((n) => (
            <li key={n._id} className={`notification-panel__item${n.read ? '' : ' is-unread'}`}>
              <Link
                className="dropdown-item text-wrap"
                to={n.link || '#'}
                onClick={() => {
                  if (!n.read) void dispatch(markNotificationsRead([n._id]));
                  close();
                }}
              >
                <span className="d-block fw-semibold">
                  {!n.read && <span className="visually-hidden">{t('bell.unreadMark')}</span>}
                  {n.title}
                </span>
                {n.body && <span className="d-block small text-muted">{n.body}</span>}
                <span className="d-block small text-muted">{formatDateTime(n.createdAt)}</span>
              </Link>
              {!n.read && (
                <button type="button" className="btn btn-link btn-sm px-3 pt-0" onClick={() => void dispatch(markNotificationsRead([n._id]))}>
                  {t('bell.markRead')}
                  <span className="visually-hidden">: {n.title}</span>
                </button>
              )}
            </li>
          ))}
        </>
      )}
    </DropdownMenu>
  );
}
