import { useId } from 'react';

const comments = [
  { name: 'Nour Adel', date: '2 days ago', text: 'Very clear, thank you. I printed it for my parents.' },
  { name: 'Omar Said', date: '4 days ago', text: 'Does this advice also apply to teenagers?' },
  { name: 'Dr. Ahmed Hassan', date: '4 days ago', text: 'Mostly yes, Omar. For teenagers we adapt doses to weight; ask at your next visit.' },
];

/** The post's author box, comments and comment form. */
export function BlogComments() {
  const id = useId();
  return (
    <>
      <section className="author-box" aria-label="About the author">
        <span className="author-box__avatar" aria-hidden="true">
          A
        </span>
        <div>
          <h2 className="author-box__name">admin</h2>
          <p className="mb-0 text-muted">Articles are written by Nile Clinic's doctors and reviewed by our medical editorial team before they are published.</p>
        </div>
      </section>
      <section className="comments" aria-labelledby={`${id}-comments`}>
        <h2 id={`${id}-comments`} className="comments__title">
          03 comments
        </h2>
        <ul className="list-unstyled">
          {comments.map((c) => (
            <li key={c.name + c.text} className="comment">
              <span className="comment__avatar" aria-hidden="true">
                {c.name.replace('Dr. ', '')[0]}
              </span>
              <div>
                <p className="comment__head">
                  <strong>{c.name}</strong> <span className="text-muted small">{c.date}</span>
                </p>
                <p className="mb-0">{c.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <form className="comment-form" aria-labelledby={`${id}-form`} onSubmit={(e) => e.preventDefault()}>
        <h2 id={`${id}-form`} className="comments__title">
          Leave a comment
        </h2>
        <div className="row g-3">
          <div className="col-md-4">
            <label className="form-label" htmlFor={`${id}-name`}>
              Name*
            </label>
            <input id={`${id}-name`} className="form-control" autoComplete="name" />
          </div>
          <div className="col-md-4">
            <label className="form-label" htmlFor={`${id}-email`}>
              E-Mail*
            </label>
            <input id={`${id}-email`} type="email" className="form-control" autoComplete="email" />
          </div>
          <div className="col-md-4">
            <label className="form-label" htmlFor={`${id}-website`}>
              Website*
            </label>
            <input id={`${id}-website`} type="url" className="form-control" autoComplete="url" />
          </div>
          <div className="col-12">
            <label className="form-label" htmlFor={`${id}-message`}>
              Message*
            </label>
            <textarea id={`${id}-message`} className="form-control" rows={5} />
          </div>
        </div>
        <button type="submit" className="btn btn-primary mt-3">
          leave comment
        </button>
      </form>
    </>
  );
}
