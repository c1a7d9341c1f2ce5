import { useId } from 'react';
import { Link } from 'react-router-dom';
import { MailIcon, PhoneIcon, PinIcon } from '../../ui/icons';

/** The footer of every page: contact details, quick links and the newsletter field. */
export function SiteFooter() {
  const emailId = useId();
  return (
    <footer className="site-footer">
      <div className="container py-5">
        <div className="row g-4">
          <div className="col-md-6 col-lg-4">
            <h2 className="site-footer__title">Nile Clinic</h2>
            <p>Specialist doctors, a full pharmacy and your medical record in one place, in the heart of Cairo.</p>
            <ul className="list-unstyled site-footer__contact">
              <li>
                <PinIcon width={18} height={18} /> 14 El Tahrir Street, Dokki, Giza
              </li>
              <li>
                <PhoneIcon width={18} height={18} /> +20 2 3761 4400
              </li>
              <li>
                <MailIcon width={18} height={18} /> care@nileclinic.example
              </li>
            </ul>
          </div>
          <nav className="col-6 col-lg-2" aria-label="Portal">
            <h2 className="site-footer__title">Portal</h2>
            <ul className="list-unstyled">
              <li><Link to="/doctors">Find a doctor</Link></li>
              <li><Link to="/appointment/request">Appointments</Link></li>
              <li><Link to="/shop">Pharmacy shop</Link></li>
              <li><Link to="/blogs">Health articles</Link></li>
            </ul>
          </nav>
          <nav className="col-6 col-lg-2" aria-label="Clinic">
            <h2 className="site-footer__title">Clinic</h2>
            <ul className="list-unstyled">
              <li><Link to="/about">About us</Link></li>
              <li><Link to="/contact">Contact</Link></li>
              <li><Link to="/account/register">Register</Link></li>
              <li><Link to="/account/login">Login</Link></li>
            </ul>
          </nav>
          <div className="col-lg-4">
            <h2 className="site-footer__title">Newsletter</h2>
            <p>Health tips and clinic news, once a month.</p>
            <form className="d-flex gap-2" onSubmit={(e) => e.preventDefault()}>
              <label htmlFor={emailId} className="visually-hidden">
                Your email address
              </label>
              <input id={emailId} type="email" className="form-control" placeholder="Your email address" />
              <button type="submit" className="btn btn-light">
                Subscribe
              </button>
            </form>
          </div>
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container py-3 small">© {new Date().getFullYear()} Nile Clinic &amp; Pharmacy. All rights reserved.</div>
      </div>
    </footer>
  );
}
