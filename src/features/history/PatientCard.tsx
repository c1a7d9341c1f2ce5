import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { formatNumber } from '../../ui/clinicTime';
import { ChatIcon, MailIcon, PhoneIcon, UserIcon } from '../../ui/icons';
import { YesNo } from './sections';
import type { History } from './types';
import { CardSection } from '../../ui/Section';

/** A stored measure ("165") in the language's digits; a value that is not a number stays as typed. */
const localNumber = (value: string) => (Number.isFinite(Number(value)) ? formatNumber(Number(value)) : value);

/** The left column: who the patient is, how to reach her, and the general information. */
export function PatientCard({ history }: { history: History }) {
  const { patient } = history;
  const { t } = useTranslation('history');
  const phone = patient.phone ? `+(20) ${patient.phone.replace(/^0/, '')}` : '-';
  return (
    <>
      <section className="card history-card mb-4" aria-labelledby="history-patient-name">
        <div className="card-body text-center">
          {patient.image ? (
            <img className="history-card__photo" src={patient.image} alt={patient.name} width={128} height={128} />
          ) : (
            <span className="history-card__photo history-card__photo--blank" aria-hidden="true">
              <UserIcon width={56} height={56} />
            </span>
          )}
          <h2 id="history-patient-name" className="h4 mt-3 mb-1">
            {patient.name}
          </h2>
          {history.currentState && <span className="badge text-bg-success history-card__state">{history.currentState}</span>}
          <dl className="history-card__contact text-start mt-3 mb-3">
            <dt>{t('card.phone')}</dt>
            <dd>{phone}</dd>
            <dt>{t('card.email')}</dt>
            <dd className="text-break">{patient.email || '-'}</dd>
          </dl>
          <ul className="history-card__social list-unstyled d-flex justify-content-center gap-2 mb-0">
            {patient.phone && (
              <li>
                <a className="icon-link-btn" href={`tel:+20${patient.phone.replace(/^0/, '')}`} aria-label={t('card.call', { name: patient.name })}>
                  <PhoneIcon />
                </a>
              </li>
            )}
            {patient.email && (
              <li>
                <a className="icon-link-btn" href={`mailto:${patient.email}`} aria-label={t('card.mail', { name: patient.name })}>
                  <MailIcon />
                </a>
              </li>
            )}
            <li>
              <Link className="icon-link-btn" to="/chat" aria-label={t('card.chat')}>
                <ChatIcon />
              </Link>
            </li>
          </ul>
        </div>
      </section>
      <CardSection className="history-card mb-4" titleId="history-general" title={t('card.general')}>
        <dl className="history-general mb-0">
          <dt>{t('card.bloodType')}</dt>
          <dd>{history.blood_type || '-'}</dd>
          {patient.gender === 'female' && (
            <>
              <dt>{t('card.pregnancy')}</dt>
              <dd>
                <YesNo value={history.pregnancy} yes={t('card.pregnant')} no={t('card.notPregnant')} />
              </dd>
            </>
          )}
          <dt>{t('card.height')}</dt>
          <dd>{history.height ? t('card.cm', { value: localNumber(history.height) }) : '-'}</dd>
          <dt>{t('card.weight')}</dt>
          <dd>{history.weight ? t('card.kg', { value: localNumber(history.weight) }) : '-'}</dd>
        </dl>
      </CardSection>
    </>
  );
}
