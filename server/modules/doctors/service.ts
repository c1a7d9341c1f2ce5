import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { withoutTitle } from '../../lib/names.js';
import { nowIso } from '../../lib/time.js';
import type { Viewer } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { toAvailableDate } from '../appointments/dto.js';
import { toDoctorCard, toDoctorDetail } from './dto.js';
import { doctorsRepository } from './repository.js';

/** How many doctors the home carousel gets. */
const topDoctorsCount = 10;
/** How many written reviews a doctor's page shows, newest first, and how long one may be. */
const maxReviews = 20;
export const maxComment = 1000;

/** Only patients rate doctors: answered before the rating's fields are checked, and again when it is saved. */
export function mayRate(viewer: Viewer) {
  if (viewer.role !== 'patient') throw forbidden('Only patients can rate doctors');
}

export function doctorsService(app: App) {
  const repo = doctorsRepository(app.db);
  const zone = app.config.clinicTimeZone;

  return {
    async top() {
      const doctors = await repo.list();
      return doctors
        .sort((a, b) => b.rate - a.rate || b.ratings - a.ratings || a.name.localeCompare(b.name))
        .slice(0, topDoctorsCount)
        .map((d) => toDoctorCard(d, app.images));
    },

    /** The doctor's page; the viewer's own reserved slot carries their chat with the doctor. */
    async byName(name: string, viewer: Viewer | null) {
      // Addresses made before titles left the stored names ("/doctor/Dr. Ahmed Hassan") still find him.
      const untitled = withoutTitle(name);
      const doctor = (await repo.findByName(name)) ?? (untitled && untitled !== name ? await repo.findByName(untitled) : undefined);
      if (!doctor) throw notFound(`There is no doctor called ${name.slice(0, 100)}`);
      const [education, slots, reviews] = await Promise.all([
        repo.education(doctor.id),
        repo.upcomingSlots(doctor.id, nowIso()),
        repo.reviews(doctor.id, maxReviews),
      ]);
      const holdsOne = viewer !== null && slots.some((s) => s.patient_id === viewer.id);
      const chat = holdsOne ? ((await repo.chatBetween(viewer.id, doctor.id))?.id ?? null) : null;
      const availableDates = slots.map((s) => toAvailableDate(s, zone, chat, viewer?.id ?? null));
      return toDoctorDetail(doctor, education, availableDates, app.images, reviews);
    },

    /**
     * A verified-visit rating: only a patient who had an appointment with the doctor whose time has
     * passed and that the doctor did not mark as a no-show. Reserving alone is not enough, so
     * throwaway accounts cannot reserve, release and rate.
     */
    async rate(viewer: Viewer, doctorId: string, rate: number, commentText = '') {
      mayRate(viewer);
      const doctor = await repo.findDoctor(doctorId);
      if (!doctor) throw notFound('This doctor does not exist');
      const comment = commentText.trim().replace(/\s+\n/g, '\n');
      // Checked here, after the doctor is found: the comment is the form's body, which is validated before the query.
      if (comment.length > maxComment) throw badRequest(`Your comment can be at most ${maxComment} characters long`);
      const now = nowIso();
      if (!(await repo.hadVisit(doctor.id, viewer.id, now))) {
        throw forbidden(`You can rate Dr. ${withoutTitle(doctor.name)} after a visit: once the time of an appointment you reserved has passed`);
      }
      await repo.saveRating(doctor.id, viewer.id, rate, comment, now);
      const summary = await repo.rateOf(doctor.id);
      return { message: 'Thank you for your rating', rate: summary.rate, ratings: summary.ratings, yourRate: rate };
    },
  };
}
