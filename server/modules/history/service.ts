import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { HistoriesTable } from '../../db/schema.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import type { Viewer } from '../../plugins/auth.js';
import { cleanField, type Form } from '../../plugins/forms.js';
import { isPrivateFile } from '../../storage/private-files.js';
import type { App } from '../../types.js';
import { careAccess } from './care-access.js';
import { toAccessEntryDto, toHistoryDto } from './dto.js';
import { isKind, kinds, type Kind } from './kinds.js';
import { historyRepository } from './repository.js';

/** What a caller wants to do with a history. */
type Action = 'read' | 'add' | 'delete' | 'read-log';

const denial: Record<Action, string> = {
  read: 'Only the patient and the doctors they have booked can open this medical history',
  add: 'Only patients can add to their own medical history',
  delete: 'Only patients can remove entries from their own medical history',
  'read-log': 'Only the patient can see who viewed this medical history',
};

/** How many access-log entries one page holds, newest first. */
const logPageSize = 50;

export function historyService(app: App) {
  const repo = historyRepository(app.db);

  async function record(
    viewer: Viewer | null,
    patientId: string,
    action: 'read' | 'add' | 'delete',
    target: string,
    outcome: 'allowed' | 'denied',
    reason = '',
    address = '',
  ) {
    // A guest's refusal is counted per address rather than written as a row, so nobody can push
    // real entries out of the patient's log by flooding it.
    if (!viewer && outcome === 'denied') return repo.countGuestRefusal(patientId, address.slice(0, 64), nowIso());
    await repo.appendLog({
      id: newId(),
      patient_id: patientId,
      actor_id: viewer?.id ?? null,
      actor_name: viewer?.name ?? '',
      actor_role: viewer?.role ?? 'guest',
      action,
      target: target.slice(0, 64),
      outcome,
      reason: reason.slice(0, 200),
      created_at: nowIso(),
    });
  }

  /**
   * The one gate every history call passes. Nothing is allowed unless a rule below allows it:
   * the owning patient may do everything with her own history; a doctor who holds or held a
   * reservation with her may read it. Every decision about an existing patient is written to the
   * access log before anything is returned (allowed changes are written once they succeed), so a
   * read that cannot be logged is not served.
   */
  async function authorize(viewer: Viewer | null, patientId: string, action: Action, target: string, address = '') {
    const person = isId(patientId) ? await repo.findPerson(patientId) : undefined;
    const subject = person?.role === 'patient' ? person : undefined;
    let allowed = false;
    let reason = '';
    if (viewer && subject) {
      if (viewer.id === subject.id) allowed = true;
      else if (action === 'read') ({ allowed, reason } = await careAccess(app, viewer, subject.id));
    }
    const loggedAction = action === 'read-log' ? 'read' : action;
    const loggedTarget = action === 'read-log' ? 'access-log' : target;
    if (subject && (!allowed || action === 'read')) {
      await record(viewer, subject.id, loggedAction, loggedTarget, allowed ? 'allowed' : 'denied', reason, address);
    }
    if (!viewer) throw unauthorized();
    if (!allowed) {
      if (action === 'read' && !patientId) throw badRequest('Please choose whose medical history to open');
      throw forbidden(denial[action]);
    }
    return subject as NonNullable<typeof subject>;
  }

  /** A patient's history, created from her account on first use. */
  async function historyOf(patient: { id: string; blood_type: string; height: string; weight: string }): Promise<HistoriesTable> {
    const existing = await repo.findHistory(patient.id);
    if (existing) return existing;
    const now = nowIso();
    await repo.createHistory({
      id: newId(),
      patient_id: patient.id,
      current_state: '',
      blood_type: patient.blood_type,
      pregnancy: 0,
      height: patient.height,
      weight: patient.weight,
      created_at: now,
      updated_at: now,
    });
    return (await repo.findHistory(patient.id)) as HistoriesTable;
  }

  function kindOf(raw: string): Kind {
    if (!isKind(raw)) throw notFound(`There is no medical history section called "${raw.slice(0, 40)}"`);
    return raw;
  }

  async function removeStoredFile(stored: string) {
    if (isPrivateFile(stored)) return app.privateFiles.remove(stored);
    if (!stored.startsWith('/uploads/')) return;
    await unlink(path.join(app.config.uploadDir, path.basename(stored))).catch(() => undefined);
  }

  return {
    async read(viewer: Viewer | null, patientRaw: string | undefined, address = '') {
      const patient = await authorize(viewer, cleanField(patientRaw), 'read', 'history', address);
      const history = await historyOf(patient);
      const entries = await repo.entries(history.id);
      return { history: toHistoryDto(patient, history, entries, app.images) };
    },

    async add(viewer: Viewer | null, kindRaw: string, form: Form) {
      if (!viewer) throw unauthorized();
      const kind = kindOf(kindRaw);
      const patient = await authorize(viewer, viewer.id, 'add', kind);
      const draft = kinds[kind].read(form);
      if (draft.doctorId && !(await repo.isDoctor(draft.doctorId))) throw badRequest('Please choose the doctor from the list');
      const history = await historyOf(patient);
      const columns: Record<string, unknown> = { ...draft.columns };
      if (kind === 'diagnosis') columns.doctor_id = draft.doctorId ?? null;
      // Test results are medical data: stored privately and read only through the authorized route.
      if (kind === 'lab') columns.result = draft.resultFile ? await app.privateFiles.save(draft.resultFile, 'The test result') : '';
      const now = nowIso();
      const entryId = newId();
      await repo.insertEntry(kinds[kind].table, { id: entryId, history_id: history.id, created_at: now, ...columns });
      await repo.touchHistory(history.id, now);
      await record(viewer, patient.id, 'add', kind, 'allowed');
      return { message: 'Added successfully', _id: entryId };
    },

    async remove(viewer: Viewer | null, kindRaw: string, query: Record<string, string | undefined>) {
      if (!viewer) throw unauthorized();
      const kind = kindOf(kindRaw);
      const patient = await authorize(viewer, viewer.id, 'delete', kind);
      const entryId = cleanField(query[kinds[kind].deleteParam]);
      if (!isId(entryId)) throw badRequest(`Please choose the entry to remove (?${kinds[kind].deleteParam}=id)`);
      const history = await repo.findHistory(patient.id);
      const lab = kind === 'lab' && history ? await repo.findLabResult(entryId, history.id) : undefined;
      if (!history || !(await repo.deleteEntry(kinds[kind].table, entryId, history.id))) {
        throw notFound('This entry is not in your medical history');
      }
      await repo.touchHistory(history.id, nowIso());
      await record(viewer, patient.id, 'delete', kind, 'allowed');
      // A removed test result must not stay reachable by its address.
      if (lab?.result) await removeStoredFile(lab.result);
      return { message: 'Removed successfully' };
    },

    /** A lab result file, under the same rule and log as the history itself. */
    async labResult(viewer: Viewer | null, entryId: string, address: string) {
      const lab = isId(entryId) ? await repo.findLab(entryId) : undefined;
      if (!lab || !isPrivateFile(lab.result)) throw notFound('There is no such test result');
      await authorize(viewer, lab.patient_id, 'read', 'lab-result', address);
      const found = app.privateFiles.locate(lab.result);
      if (!found) throw notFound('There is no such test result');
      return { stream: app.privateFiles.open(lab.result), contentType: found.contentType };
    },

    async accessLog(viewer: Viewer | null, patientRaw: string | undefined, pageRaw: string | undefined) {
      const patient = await authorize(viewer, cleanField(patientRaw), 'read-log', 'access-log');
      const pageText = cleanField(pageRaw) || '1';
      if (!/^\d{1,6}$/.test(pageText) || Number(pageText) < 1) throw badRequest('The page must be a whole number from 1');
      const page = Number(pageText);
      const [rows, total, refusals] = await Promise.all([
        repo.logFor(patient.id, logPageSize, (page - 1) * logPageSize),
        repo.logCount(patient.id),
        repo.guestRefusals(patient.id),
      ]);
      return {
        entries: rows.map(toAccessEntryDto),
        page,
        pages: Math.max(1, Math.ceil(total / logPageSize)),
        total,
        guestRefusals: refusals.map((r) => ({ ...r, count: Number(r.count) })),
      };
    },
  };
}
