import { Link } from 'react-router-dom';

/** A home section's heading: the kicker above the title, and the link to the whole list beside them. */
export function SectionHead({ id, kicker, title, to, linkText }: { id: string; kicker: string; title: string; to: string; linkText: string }) {
  return (
    <div className="section-head">
      <div>
        <p className="section-kicker">{kicker}</p>
        <h2 id={id} className="section-title">
          {title}
        </h2>
      </div>
      <Link to={to} className="btn btn-outline-primary">
        {linkText}
      </Link>
    </div>
  );
}
