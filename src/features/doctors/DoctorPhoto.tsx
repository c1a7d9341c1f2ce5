import type { DoctorSummary } from './types';

const initials = (name: string) =>
  name
    .replace(/^dr\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

/** The doctor's photo, or their initials on a soft tile when they have not uploaded one. */
export function DoctorPhoto({ doctor, lazy = false }: { doctor: DoctorSummary; lazy?: boolean }) {
  if (!doctor.image) {
    return (
      <div className="doctor-photo-fallback" role="img" aria-label={doctor.alter || doctor.name}>
        <span aria-hidden="true">{initials(doctor.name)}</span>
      </div>
    );
  }
  return <img src={doctor.image} alt={doctor.alter || doctor.name} width={400} height={400} loading={lazy ? 'lazy' : undefined} decoding="async" />;
}
