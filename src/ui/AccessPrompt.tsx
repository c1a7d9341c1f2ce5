import { Link } from 'react-router-dom';

/** Why a page's content is not shown to this person (not signed in, or not allowed), and where to go instead. */
export function AccessPrompt({
  message,
  linkText,
  to = '/account/login',
  className = 'text-center py-4',
}: {
  message: string;
  linkText: string;
  to?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <p className="lead">{message}</p>
      <Link className="btn btn-primary" to={to}>
        {linkText}
      </Link>
    </div>
  );
}
