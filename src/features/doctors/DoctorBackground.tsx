import { useTranslation } from '../../i18n';
import type { DoctorDetail } from './types';
import { Section } from '../../ui/Section';
import { DataTable } from '../../ui/DataTable';

/** The same for every doctor: the clinic has no experience records yet. Texts: `background.jobs.<key>`. */
const experience = ['consultant', 'specialist', 'resident'] as const;

/** About, education and experience. */
export function DoctorBackground({ doctor }: { doctor: DoctorDetail }) {
  const { t } = useTranslation('doctors');
  return (
    <>
      <Section className="mb-4" titleId="about-doctor" titleClassName="h5" title={t('background.about')}>
        {doctor.aboutDoctor ? (
          <p className="mb-0" dir="auto">
            {doctor.aboutDoctor}
          </p>
        ) : (
          <p className="mb-0">{t('background.noIntro')}</p>
        )}
      </Section>
      <Section className="mb-4" titleId="doctor-education" titleClassName="h5" title={t('background.education')}>
        <DataTable
          rows={doctor.education}
          className="table-sm align-middle"
          columns={[t('background.year'), t('background.degree'), t('background.school')]}
          empty={<p className="text-muted">{t('background.noEducation')}</p>}
          row={(e) => (
            <tr key={e._id}>
              <td>{e.year}</td>
              <td dir="auto">{e.degree}</td>
              <td dir="auto">{e.school}</td>
            </tr>
          )}
        />
      </Section>
      <Section className="mb-4" titleId="doctor-experience" titleClassName="h5" title={t('background.experience')}>
        <ul className="list-unstyled mb-0">
          {experience.map((job) => (
            <li key={job} className="mb-1">
              <span className="fw-semibold">{t(`background.jobs.${job}.years`)}:</span> {t(`background.jobs.${job}.role`)}
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
