import { Link, useNavigate } from 'react-router-dom';
import { logout, selectRole, selectUser, selectUserId } from '../../features/session/sessionSlice';
import { DropdownMenu } from '../../ui/DropdownMenu';
import { UserIcon } from '../../ui/icons';
import { useAppDispatch, useAppSelector } from '../hooks';

/** The avatar menu of a signed-in user. */
export function UserMenu() {
  const user = useAppSelector(selectUser);
  const userId = useAppSelector(selectUserId) ?? user?._id ?? '';
  const role = useAppSelector(selectRole);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const onLogout = async () => {
    await dispatch(logout());
    window.setTimeout(() => navigate('/'), 500);
  };

  const links = [
    ...(user?.roles?.includes('admin') ? [{ to: '/admin', label: 'Admin console' }] : []),
    { to: '/settings/profile', label: 'Settings' },
    { to: `/history/${userId}`, label: 'Medical History' },
    ...(role === 'patient' ? [{ to: '/prescriptions', label: 'Prescriptions' }] : []),
    { to: '/settings/orders', label: 'Order' },
    { to: '/settings/payments', label: 'Payment' },
    { to: '/settings/appointments', label: 'Appointment' },
  ];

  return (
    <DropdownMenu
      align="end"
      toggleLabel="Account menu"
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
              <h2 className="dropdown-header h6">{user.name}</h2>
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
              Logout
            </button>
          </li>
        </>
      )}
    </DropdownMenu>
  );
}
