import { Link, useNavigate } from 'react-router-dom';
import { logout, selectRole, selectUser, selectUserId } from '../../features/session';
import { DropdownMenu } from '../../ui/DropdownMenu';
import { UserIcon } from '../../ui/icons';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useTranslation } from '../../i18n';

/** The avatar menu of a signed-in user. */
export function UserMenu() {
  const user = useAppSelector(selectUser);
  const userId = useAppSelector(selectUserId) ?? user?._id ?? '';
  const role = useAppSelector(selectRole);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation();

  const onLogout = async () => {
    await dispatch(logout());
    window.setTimeout(() => navigate('/'), 500);
  };

  const links = [
    ...(user?.roles?.includes('admin') ? [{ to: '/admin', label: t('user.admin') }] : []),
    { to: '/settings/profile', label: t('user.settings') },
    { to: `/history/${userId}`, label: t('user.history') },
    ...(role === 'patient' ? [{ to: '/prescriptions', label: t('user.prescriptions') }] : []),
    { to: '/settings/orders', label: t('user.orders') },
    { to: '/settings/payments', label: t('user.payments') },
    { to: '/settings/appointments', label: t('user.appointments') },
  ];

  return (
    <DropdownMenu
      align="end"
      toggleLabel={t('user.menu')}
      toggleClassName="btn btn-link p-0 user-menu__toggle"
      toggle={
        user?.image ? (
          <img className="user-menu__avatar" src={user.image} alt="" width={44} height={44} />
        ) : (
          <span className="user-menu__avatar">
            <UserIcon />
          </span>
        )
      }
    >
      {(close) => (
        <>
          {user?.name && (
            <li>
              <h2 className="dropdown-header h6">
                <bdi>{user.name}</bdi>
              </h2>
            </li>
          )}
          {links.map((link) => (
            <li key={link.label}>
              <Link className="dropdown-item" to={link.to} onClick={close}>
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <hr className="dropdown-divider" />
          </li>
          <li>
            <button
              type="button"
              className="dropdown-item"
              onClick={() => {
                close();
                void onLogout();
              }}
            >
              {t('user.logout')}
            </button>
          </li>
        </>
      )}
    </DropdownMenu>
  );
}
