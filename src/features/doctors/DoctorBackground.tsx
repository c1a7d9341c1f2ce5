import type { DoctorDetail } from './types';

/** The same for every doctor: the clinic has no experience records yet. */
const experience = [
  { years: 'Since 2016', role: 'Consultant, Nile Clinic' },
  { years: '2010 – 2016', role: 'Specialist, Cairo University Hospitals' },
  { years: '2007 – 2010', role: 'Resident physician, Kasr Al Ainy Hospital' },
];

/** About, education and experience. */
export function DoctorBackground({ doctor }: { doctor: DoctorDetail }) {
  return (
    <>
      <section className="mb-4" aria-labelledby="about-doctor">
        <h2 id="about-doctor" className="h5">
          About
        </h2>
        <p className="mb-0">{doctor.aboutDoctor || 'This doctor has not written an introduction yet.'}</p>
      </section>
      <section className="mb-4" aria-labelledby="doctor-education">
        <h2 id="doctor-education" className="h5">
          Education
        </h2>
        {doctor.education.length === 0 ? (
          <p className="text-muted">No education listed yet.</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm align-middle">
              <thead>
                <tr>
                  <th scope="col">Year</th>
                  <th scope="col">Degree</th>
                  <th scope="col">School</th>
                </tr>
              </thead>
              <tbody>
                {doctor.education.map((e) => (
                  <tr key={e._id}>
                    <td>{e.year}</td>
                    <td>{e.degree}</td>
                    <td>{e.school}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="mb-4" aria-labelledby="doctor-experience">
        <h2 id="doctor-experience" className="h5">
          Experience
        </h2>
        <ul className="list-unstyled mb-0">
          {experience.map((e) => (
            <li key={e.years} className="mb-1">
              <span className="fw-semibold">{e.years}:</span> {e.role}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
