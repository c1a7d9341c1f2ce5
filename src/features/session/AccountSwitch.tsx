import { Link, useLocation } from 'react-router-dom';

/**
 * The line under the login and sign-up forms that leads to the other one ("New here? Create an account"),
 * carrying the page to come back to.
 */
export function AccountSwitch({ question, to, linkText, className }: { question: string; to: string; linkText: string; className: string }) {
  const location = useLocation();
  return (
    <p className={className}>
      {question}{' '}
      <Link to={to} state={location.state}>
        {linkText}
      </Link>
    </p>
  );
}
