import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { CartLink } from '../../features/cart/CartBadge';
import { ChatLink } from '../../features/chat/ChatBadge';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { saveLanguage, selectIsLoggedIn, selectRole } from '../../features/session';
import { DropdownMenu } from '../../ui/DropdownMenu';
import { LogoMark } from '../../ui/icons';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useTranslation } from '../../i18n';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { UserMenu } from './UserMenu';

const navLinkClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' active' : ''}`;

/** The top navigation of every page (Bootstrap's navbar markup, no runtime library). */
export function SiteNavbar() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const role = useAppSelector(selectRole);
  const dispatch = useAppDispatch();
  const [expanded, setExpanded] = useState(false);
  const location = useLocation();
  const { t } = useTranslation();

  // A chosen link closes the mobile menu.
  useEffect(() => setExpanded(false), [location.pathname, location.hash]);

  return (
    <header className="navbar navbar-expand-xl bg-white site-navbar shadow-sm sticky-top">
      <nav className="container" aria-label={t('nav.main')}>
        <Link to="/" className="navbar-brand site-navbar__brand">
          <LogoMark className="me-2 text-primary" width={30} height={30} />
          <span className="site-navbar__brand-words">
            {t('nav.brandFirst')} <strong>{t('nav.brandSecond')}</strong>
          </span>
        </Link>
        <div className="d-flex align-items-center order-xl-last gap-2 site-navbar__icons">
          {loggedIn && <NotificationBell />}
          {loggedIn && <ChatLink />}
          {/* Signed in, her emails and notifications follow the switch; a guest's choice stays in this browser. */}
          <LanguageSwitch onSwitched={loggedIn ? (language) => dispatch(saveLanguage(language)) : undefined} />
          <CartLink />
          {loggedIn ? (
            <UserMenu />
          ) : (
            <Link to="/account/login" className="btn btn-primary btn-sm px-3 site-navbar__login">
              {t('nav.loginRegister')}
            </Link>
          )}
          <button
            type="button"
            className="navbar-toggler ms-1"
            aria-controls="site-nav"
            aria-expanded={expanded}
            aria-label={t('nav.toggle')}
            onClick={() => setExpanded((e) => !e)}
          >
            <span className="navbar-toggler-icon" />
          </button>
        </div>
        <div id="site-nav" className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
          <ul className="navbar-nav mx-auto">
            <li className="nav-item">
              <NavLink to="/" end className={navLinkClass}>
                {t('nav.home')}
              </NavLink>
            </li>
            <li className="nav-item">
              <Link to="/#benefits" className="nav-link">
                {t('nav.about')}
              </Link>
            </li>
            <DropdownMenu as="li" className="nav-item" toggleClassName="nav-link btn btn-link" toggle={t('nav.doctorsMenu')}>
              {(close) => (
                <>
                  <li>
                    <Link className="dropdown-item" to="/doctors" onClick={close}>
                      {t('nav.findDoctor')}
                    </Link>
                  </li>
                  <li>
                    <Link className="dropdown-item" to="/appointment/request" onClick={close}>
                      {t('nav.requestAppointment')}
                    </Link>
                  </li>
                </>
              )}
            </DropdownMenu>
            <li className="nav-item">
              <NavLink to="/shop" className={navLinkClass}>
                {t('nav.shop')}
              </NavLink>
            </li>
            <li className="nav-item">
              <NavLink to="/blogs" className={navLinkClass}>
                {t('nav.blogs')}
              </NavLink>
            </li>
            {role === 'doctor' && (
              <li className="nav-item">
                <NavLink to="/blog/create" className={navLinkClass}>
                  {t('nav.addBlog')}
                </NavLink>
              </li>
            )}
            <li className="nav-item">
              <NavLink to="/contact" className={navLinkClass}>
                {t('nav.contact')}
              </NavLink>
            </li>
          </ul>
        </div>
      </nav>
    </header>
  );
}
