import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { PageBanner } from '../../ui/PageBanner';
import './texts';
import './pages.css';

/** The two tabs; their texts are `about.<key>` in the pages namespace: a label, paragraphs and points. */
const tabs = ['who', 'mission'] as const;

/** One tab's body: its paragraphs, then its points as a list. */
function TabBody({ tab }: { tab: (typeof tabs)[number] }) {
  const { t } = useTranslation('pages');
  const paragraphs = t(`about.${tab}.paragraphs`, { returnObjects: true }) as string[];
  const points = t(`about.${tab}.points`, { returnObjects: true }) as string[];
  return (
    <>
      {paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <ul>
        {points.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </>
  );
}

/** About the clinic: two tabs, 'Who we are' and 'Our mission' (arrow keys move between tabs). */
export default function AboutPage() {
  const { t } = useTranslation('pages');
  const [selected, setSelected] = useState(0);
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    // Right to left, the tab on the right is the previous one.
    const forward = document.documentElement.dir === 'rtl' ? -1 : 1;
    const moves: Record<string, number> = { ArrowRight: forward, ArrowLeft: -forward };
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
      <PageBanner title={t('about.title')} />
      <div className="container py-5">
        <div className="row g-4 g-lg-5 align-items-start">
          <div className="col-lg-7">
            <div className="about-tabs" role="tablist" aria-label={t('about.tabs')} onKeyDown={onKeyDown}>
              {tabs.map((tab, i) => (
                <button
                  key={tab}
                  ref={(el) => {
                    buttons.current[i] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`${id}-${tab}-tab`}
                  aria-controls={`${id}-${tab}-panel`}
                  aria-selected={i === selected}
                  tabIndex={i === selected ? 0 : -1}
                  className={`about-tabs__tab${i === selected ? ' is-active' : ''}`}
                  onClick={() => setSelected(i)}
                >
                  {t(`about.${tab}.label`)}
                </button>
              ))}
            </div>
            {tabs.map((tab, i) => (
              <div
                key={tab}
                role="tabpanel"
                id={`${id}-${tab}-panel`}
                aria-labelledby={`${id}-${tab}-tab`}
                hidden={i !== selected}
                tabIndex={0}
                className="about-panel"
              >
                <TabBody tab={tab} />
              </div>
            ))}
          </div>
          <div className="col-lg-5">
            <div className="about-card">
              <h2 className="h4">{t('about.visit')}</h2>
              <p>{t('common:footer.address')}</p>
              <p>
                {t('about.reception')}{' '}
                <a href="tel:+20237614400" dir="ltr">
                  +20 2 3761 4400
                </a>
              </p>
              <div className="d-flex flex-wrap gap-2">
                <Link className="btn btn-primary" to="/doctors">
                  {t('about.findDoctor')}
                </Link>
                <Link className="btn btn-outline-primary" to="/contact">
                  {t('about.contact')}
                </Link>
              </div>
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
