import { Link } from 'react-router-dom';
import notFoundArt from './not-found.svg';

export default function NotFoundPage() {
  return (
    <section className="container py-5 text-center not-found">
      <img src={notFoundArt} alt="A lost stethoscope beside a 404 sign" width={360} height={240} className="img-fluid mb-4" />
      <h1 className="display-6 fw-bold">OOPS! Page not found</h1>
      <p className="text-muted">The page you are looking for was moved, removed or never existed.</p>
      <Link to="/" className="btn btn-primary">
        Back to home
      </Link>
    </section>
  );
}
