import { forbidden } from '../../lib/errors.js';
import { requireApproved, type Viewer } from '../../plugins/auth.js';

/**
 * Who may act on slots. Each route answers these before its fields are checked (a doctor's bad
 * date is a 403 for a patient, not a 400), and the service checks them again where it acts.
 */
export const slotRoles = {
  publish(viewer: Viewer) {
    if (viewer.role !== 'doctor') throw forbidden('Only doctors can add appointments');
    requireApproved(viewer);
  },
  reserve(viewer: Viewer) {
    if (viewer.role !== 'patient') throw forbidden('Only patients can reserve appointments');
  },
  markAttendance(viewer: Viewer) {
    if (viewer.role !== 'doctor') throw forbidden('Only doctors can record whether a patient came');
  },
  move(viewer: Viewer) {
    if (viewer.role !== 'patient') throw forbidden('Only the patient holding an appointment can move it');
  },
};
