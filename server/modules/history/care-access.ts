import type { Viewer } from '../../plugins/auth.js';
import type { App } from '../../types.js';
import { historyRepository } from './repository.js';

const day = (iso: string) => iso.slice(0, 10);

/**
 * The care relation: whether the viewer may act as the patient's doctor, and why. She may read
 * her own record. An approved doctor may while she holds a reservation with him that is upcoming
 * or at most CARE_ACCESS_DAYS old; a slot she gave back (or he deleted) opens nothing. The history
 * gate and prescriptions both ask this one rule.
 */
export async function careAccess(app: App, viewer: Viewer, patientId: string): Promise<{ allowed: boolean; reason: string }> {
  if (viewer.id === patientId) return { allowed: true, reason: 'Her own record' };
  if (viewer.role !== 'doctor' || viewer.status !== 'approved') return { allowed: false, reason: '' };
  const now = Date.now();
  const days = app.config.careAccessDays;
  const slot = await historyRepository(app.db).careSlot(viewer.id, patientId, new Date(now - days * 86_400_000).toISOString());
  if (!slot) return { allowed: false, reason: '' };
  const upcoming = Date.parse(slot.starts_at) > now;
  return {
    allowed: true,
    reason: upcoming
      ? `Holds an upcoming appointment with her on ${day(slot.starts_at)}`
      : `Saw her on ${day(slot.starts_at)}; access lasts ${days} days after the appointment`,
  };
}
