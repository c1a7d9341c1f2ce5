import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { PageBanner } from '../../ui/PageBanner';
import './pages.css';

const tabs = [
  {
    key: 'who',
    label: 'Who we are',
    body: (
      <>
        <p>
          Nile Clinic opened in Dokki in 2009 as a small family practice with three doctors. Today more than forty specialists work with us across eight
          departments: dental care, gynaecology, eye care, cardiology, orthopaedics, gastroenterology, neurology and internal medicine.
        </p>
        <p>
          Our pharmacy sits next to the consultation rooms and delivers across Greater Cairo, and our patients keep their diagnoses, tests and medicines
          in one private medical history that their own doctors can consult.
        </p>
        <ul>
          <li>Open Saturday to Thursday, 9 am to 9 pm; emergencies around the clock.</li>
          <li>Same-week appointments in every department.</li>
          <li>Accredited laboratory and imaging on site.</li>
        </ul>
      </>
    ),
  },
  {
    key: 'mission',
    label: 'Our mission',
    body: (
      <>
        <p>
          We want every patient to leave with a clear answer, a plan they understand and a doctor they can reach again. That means taking time to
          explain, sharing results openly and following up after the visit.
        </p>
        <p>
          We keep care affordable by publishing our prices, offering a pharmacy at fair prices, and letting patients book, pay and ask questions online
          instead of queueing.
        </p>
        <ul>
          <li>Listen first, then treat.</li>
          <li>Your record belongs to you: you decide who sees it.</li>
          <li>Keep learning: our doctors write for patients every month.</li>
        </ul>
      </>
    ),
  },
];

/** About the clinic: two tabs, 'Who we are' and 'Our mission' (arrow keys move between tabs). */
export default function AboutPage() {
  const [selected, setSelected] = useState(0);
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
    let next: number | null = null;
    if (event.key in moves) next = (selected + moves[event.key] + tabs.length) % tabs.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    buttons.current[next]?.focus();
  };

  return (
    <>
      <PageBanner title="About us" />
      <div className="container py-5">
        <div className="row g-4 g-lg-5 align-items-start">
          <div className="col-lg-7">
            <div className="about-tabs" role="tablist" aria-label="About Nile Clinic" onKeyDown={onKeyDown}>
              {tabs.map((tab, i) => (
                <button
                  key={tab.key}
                  ref={(el) => {
                    buttons.current[i] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`${id}-${tab.key}-tab`}
                  aria-controls={`${id}-${tab.key}-panel`}
                  aria-selected={i === selected}
                  tabIndex={i === selected ? 0 : -1}
                  className={`about-tabs__tab${i === selected ? ' is-active' : ''}`}
                  onClick={() => setSelected(i)}
                >
                  {tab.label}
                </button>
              ))}
            </div>
            {tabs.map((tab, i) => (
              <div
                key={tab.key}
                role="tabpanel"
                id={`${id}-${tab.key}-panel`}
                aria-labelledby={`${id}-${tab.key}-tab`}
                hidden={i !== selected}
                tabIndex={0}
                className="about-panel"
              >
                {tab.body}
              </div>
            ))}
          </div>
          <div className="col-lg-5">
            <div className="about-card">
              <h2 className="h4">Visit us</h2>
              <p>14 El Tahrir Street, Dokki, Giza</p>
              <p>
                Reception: <a href="tel:+20237614400">+20 2 3761 4400</a>
              </p>
              <div className="d-flex flex-wrap gap-2">
                <Link className="btn btn-primary" to="/doctors">
                  Find a doctor
                </Link>
                <Link className="btn btn-outline-primary" to="/contact">
                  Contact us
                </Link>
              </div>
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
