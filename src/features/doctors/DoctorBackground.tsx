import { useTranslation } from '../../i18n';
import type { DoctorDetail } from './types';

/** The same for every doctor: the clinic has no experience records yet. Texts: `background.jobs.<key>`. */
const experience = ['consultant', 'specialist', 'resident'] as const;

/** About, education and experience. */
export function DoctorBackground({ doctor }: { doctor: DoctorDetail }) {
  const { t } = useTranslation('doctors');
  return (
    <>
      <section className="mb-4" aria-labelledby="about-doctor">
        <h2 id="about-doctor" className="h5">
          {t('background.about')}
        </h2>
        {doctor.aboutDoctor ? (
          <p className="mb-0" dir="auto">
            {doctor.aboutDoctor}
          </p>
        ) : (
          <p className="mb-0">{t('background.noIntro')}</p>
        )}
      </section>
      <section className="mb-4" aria-labelledby="doctor-education">
        <h2 id="doctor-education" className="h5">
          {t('background.education')}
        </h2>
        {doctor.education.length === 0 ? (
          <p className="text-muted">{t('background.noEducation')}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('background.year')}</th>
                  <th scope="col">{t('background.degree')}</th>
                  <th scope="col">{t('background.school')}</th>
                </tr>
              </thead>
              <tbody>
                {doctor.education.map((e) => (
                  <tr key={e._id}>
                    <td>{e.year}</td>
                    <td dir="auto">{e.degree}</td>
                    <td dir="auto">{e.school}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="mb-4" aria-labelledby="doctor-experience">
        <h2 id="doctor-experience" className="h5">
          {t('background.experience')}
        </h2>
        <ul className="list-unstyled mb-0">
          {experience.map((job) => (
            <li key={job} className="mb-1">
              <span className="fw-semibold">{t(`background.jobs.${job}.years`)}:</span> {t(`background.jobs.${job}.role`)}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
