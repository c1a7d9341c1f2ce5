import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { HistoriesTable, HistoryLogAction } from '../../db/schema.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { isId, newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import type { Viewer } from '../../plugins/auth.js';
import { cleanField } from '../../lib/form-text.js';
import { isPrivateFile } from '../../storage/private-files.js';
import { createAddressSigner } from '../../lib/signed-addresses.js';
import { firstFile } from '../../plugins/forms.js';
import type { App } from '../../types.js';
import { careAccess } from './care-access.js';
import { toAccessEntryDto, toHistoryDto } from './dto.js';
import { isKind, kinds, type HistoryForm, type Kind } from './kinds.js';
import { historyRepository, type HistoryRepository } from './repository.js';

/** What a caller wants to do with a history. */
type Action = 'read' | 'add' | 'delete' | 'restore' | 'hide' | 'unhide' | 'read-log';
/** The changes only the patient herself may make to entries that are already there. */
type EntryChange = 'restore' | 'hide' | 'unhide';

const denial: Record<Action, string> = {
  read: 'Only the patient and the doctors they have booked can open this medical history',
  add: 'Only the patient and the doctors caring for her can add to this medical history',
  delete: 'Only patients can remove entries from their own medical history',
  restore: 'Only the patient can hide, show or restore entries of her medical history',
  hide: 'Only the patient can hide, show or restore entries of her medical history',
  unhide: 'Only the patient can hide, show or restore entries of her medical history',
  'read-log': 'Only the patient can see who viewed this medical history',
};
/** A non-patient adding to "their own" history (no patient named) keeps the long-standing answer. */
const ownAddDenial = 'Only patients can add to their own medical history';

/**
 * How long a removed entry can be restored. The page offers Undo for 8 seconds; the server keeps
 * the entry longer so a slow network does not turn a pressed Undo into a loss. Then it is purged.
 */
export const undoWindowMs = 60_000;

const notInHistory = 'This entry is not in your medical history';
const unknownDoctor = 'The doctor you chose is not one of the clinic’s doctors; choose one from the list or leave it empty';

/** A signed-in account's refusals of the same request are one log row per this long, with a count. */
const refusalWindowMs = 60 * 60_000;

/** How many access-log entries one page holds, newest first. */
const logPageSize = 50;

/** How long a lab result's signed address opens it: long enough to read the page, short enough that a copied address soon stops working. */
export const labAddressSeconds = 10 * 60;

export function historyService(app: App) {
  const repo = historyRepository(app.db);
  const labAddresses = createAddressSigner(app.config.jwtSecret, 'lab-result');

  /**
   * Writes one access-log row. Changes pass their transaction's repository as `store`, so the
   * change and its log row are committed together or not at all.
   */
  async function record(
    viewer: Viewer | null,
    patientId: string,
    action: HistoryLogAction,
    target: string,
    outcome: 'allowed' | 'denied',
    reason = '',
    address = '',
    store: HistoryRepository = repo,
  ) {
    // A guest's refusal is counted per address rather than written as a row, so nobody can push
    // real entries out of the patient's log by flooding it.
    if (!viewer && outcome === 'denied') return store.countGuestRefusal(patientId, address.slice(0, 64), nowIso());
    const now = nowIso();
    let id = newId();
    // A signed-in account's refusals are one row per request and hour with a count: she still sees
    // who tried and how often, and nobody can flood her log.
    if (viewer && outcome === 'denied') {
      const windowStart = new Date(Math.floor(Date.now() / refusalWindowMs) * refusalWindowMs).toISOString();
      const counted = await store.countAccountRefusal({ patientId, actorId: viewer.id, action, target: target.slice(0, 64), windowStart }, id, now);
      if (!counted.first) return;
      id = counted.logId;
    }
    await store.appendLog({
      id,
      patient_id: patientId,
      actor_id: viewer?.id ?? null,
      actor_name: viewer?.name ?? '',
      actor_role: viewer?.role ?? 'guest',
      action,
      target: target.slice(0, 64),
      outcome,
      reason: reason.slice(0, 200),
      created_at: now,
    });
  }

  /**
   * The one gate every history call passes. Nothing is allowed unless a rule below allows it:
   * the owning patient may do everything with her own history; a doctor who holds or held a
   * reservation with her may read it and add to it (signed with his name). Every decision about an existing patient is written to the
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
      else if (action === 'read' || action === 'add') ({ allowed, reason } = await careAccess(app, viewer, subject.id));
    }
    const loggedAction = action === 'read-log' ? 'read' : action;
    const loggedTarget = action === 'read-log' ? 'access-log' : target;
    if (subject && (!allowed || action === 'read')) {
      await record(viewer, subject.id, loggedAction, loggedTarget, allowed ? 'allowed' : 'denied', reason, address);
    }
    if (!viewer) throw unauthorized();
    if (!allowed) {
      if (action === 'read' && !patientId) throw badRequest('Please choose whose medical history to open');
      if (action === 'add' && patientId === viewer.id) throw forbidden(ownAddDenial);
      throw forbidden(denial[action]);
    }
    return { patient: subject as NonNullable<typeof subject>, reason };
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

  /** Deletes for good what was removed longer ago than the undo time, with its result files. */
  async function purgeRemoved(historyId: string) {
    const files = await repo.purgeRemoved(historyId, new Date(Date.now() - undoWindowMs).toISOString());
    for (const file of files) await removeStoredFile(file);
  }

  /** The patient's own entry that a query names (`?diagnosis=`, `?allergy=`…), removed or not. */
  async function ownEntry(patientId: string, kind: Kind, query: Record<string, string | undefined>) {
    const param = kinds[kind].deleteParam;
    const entryId = cleanField(query[param]);
    if (!isId(entryId)) throw badRequest(`Please choose the entry (?${param}=id)`);
    const history = await repo.findHistory(patientId);
    const entry = history ? await repo.findEntry(kinds[kind].table, entryId, history.id) : undefined;
    if (!history || !entry) throw notFound(notInHistory);
    return { history, entry, entryId };
  }

  /** Runs a change and writes its log row in one transaction; false when the change matched nothing. */
  async function changeLogged(
    viewer: Viewer,
    patientId: string,
    action: HistoryLogAction,
    kind: Kind,
    historyId: string,
    change: (store: HistoryRepository) => Promise<boolean>,
    reason = '',
  ): Promise<boolean> {
    return app.db.transaction().execute(async (trx) => {
      const store = historyRepository(trx);
      if (!(await change(store))) return false;
      await store.touchHistory(historyId, nowIso());
      await record(viewer, patientId, action, kind, 'allowed', reason, '', store);
      return true;
    });
  }

  /** Whether the viewer may add an entry of this kind to this history (401, 404, 403): answered before the form is read. */
  async function mayAddTo(viewer: Viewer | null, kindRaw: string, patientRaw: string | undefined) {
    if (!viewer) throw unauthorized();
    const kind = kindOf(kindRaw);
    const { patient, reason } = await authorize(viewer, cleanField(patientRaw) || viewer.id, 'add', kind);
    return { viewer, kind, patient, reason, selfReported: viewer.id === patient.id };
  }

  /** The approved doctor a self-reported diagnosis names (the form's `doctor` id), or 400; nothing when none is named. */
  async function namedDoctor(raw: unknown) {
    const id = cleanField(typeof raw === 'string' ? raw : undefined);
    if (!id) return undefined;
    const doctor = isId(id) ? await repo.findApprovedDoctor(id) : undefined;
    if (!doctor) throw badRequest(unknownDoctor);
    return doctor;
  }

  const changeMessages: Record<EntryChange, string> = { restore: 'Restored', hide: 'Hidden from your view', unhide: 'Shown again' };

  return {
    mayAddTo,

    async read(viewer: Viewer | null, patientRaw: string | undefined, address = '') {
      const { patient } = await authorize(viewer, cleanField(patientRaw), 'read', 'history', address);
      const history = await historyOf(patient);
      await purgeRemoved(history.id);
      const entries = await repo.entries(history.id);
      const reader = viewer as Viewer;
      return { history: toHistoryDto(patient, history, entries, app.images, (entryId) => labAddresses.sign(entryId, reader.id, labAddressSeconds)) };
    },

    /**
     * Adds an entry to a history: the caller's own (self-reported) or, for a doctor with a care
     * relation, his patient's (named by `patient`), signed with his account. The fields come
     * checked by the kind's body schema (kinds.ts).
     */
    async add(viewerOrGuest: Viewer | null, kindRaw: string, form: HistoryForm, patientRaw?: string) {
      const { viewer, kind, patient, reason, selfReported } = await mayAddTo(viewerOrGuest, kindRaw, patientRaw);
      const spec = kinds[kind];
      // The kind's own fields are its columns (a text field named like the file, `result`, is not one);
      // the doctor's name is never stored from the form: a doctor signs the entries he writes.
      const columns: Record<string, unknown> = Object.fromEntries(
        Object.keys(spec.body.shape)
          .filter((key) => key !== 'doctor')
          .map((key) => [key, form.fields[key]]),
      );
      // "Told to me by" is the patient's own account of where a diagnosis came from; a doctor signs his.
      if (kind === 'diagnosis' && !selfReported) columns.told_by = '';
      // The doctor her form names is who told her, never the author: the entry stays hers.
      if (kind === 'diagnosis' && selfReported) {
        const named = await namedDoctor(form.fields.doctor);
        if (named) {
          columns.told_by_doctor_id = named.id;
          if (!columns.told_by) columns.told_by = named.name;
        }
      }
      const history = await historyOf(patient);
      // Test results are medical data: stored privately and read only through the authorized route.
      const resultFile = kind === 'lab' ? firstFile(form, 'result') : undefined;
      if (kind === 'lab') columns.result = resultFile ? await app.privateFiles.save(resultFile, 'The test result', viewer.id) : '';
      const now = nowIso();
      const entryId = newId();
      try {
        await changeLogged(
          viewer,
          patient.id,
          'add',
          kind,
          history.id,
          async (store) => {
            await store.insertEntry(spec.table, {
              id: entryId,
              history_id: history.id,
              created_at: now,
              author_id: viewer.id,
              self_reported: selfReported ? 1 : 0,
              ...columns,
            });
            return true;
          },
          reason,
        );
      } catch (error) {
        if (typeof columns.result === 'string' && columns.result) await removeStoredFile(columns.result);
        throw error;
      }
      return { message: 'Added successfully', _id: entryId };
    },

    /**
     * Removes one of her own entries. It stays restorable for the undo time, then is purged with
     * its result file. What a doctor wrote cannot be deleted by her, only hidden.
     */
    async remove(viewer: Viewer | null, kindRaw: string, query: Record<string, string | undefined>) {
      if (!viewer) throw unauthorized();
      const kind = kindOf(kindRaw);
      const { patient } = await authorize(viewer, viewer.id, 'delete', kind);
      const param = kinds[kind].deleteParam;
      if (!isId(cleanField(query[param]))) throw badRequest(`Please choose the entry to remove (?${param}=id)`);
      const { history, entry, entryId } = await ownEntry(patient.id, kind, query);
      if (entry.deleted_at) throw notFound(notInHistory);
      if (entry.self_reported !== 1) {
        await record(viewer, patient.id, 'delete', kind, 'denied', 'Written by a doctor');
        throw forbidden('A doctor wrote this entry: you can hide it from your view, but not delete it');
      }
      const done = await changeLogged(viewer, patient.id, 'delete', kind, history.id, (store) =>
        store.markDeleted(kinds[kind].table, entryId, history.id, nowIso()),
      );
      if (!done) throw notFound(notInHistory);
      await purgeRemoved(history.id);
      return { message: 'Removed successfully' };
    },

    /** Undoes a removal (within the undo time), or hides / shows again an entry a doctor wrote. */
    async change(viewer: Viewer | null, action: EntryChange, kindRaw: string, query: Record<string, string | undefined>) {
      if (!viewer) throw unauthorized();
      const kind = kindOf(kindRaw);
      const { patient } = await authorize(viewer, viewer.id, action, kind);
      const { history, entry, entryId } = await ownEntry(patient.id, kind, query);
      const table = kinds[kind].table;
      if (action === 'restore') {
        const since = new Date(Date.now() - undoWindowMs).toISOString();
        const done = await changeLogged(viewer, patient.id, 'restore', kind, history.id, (store) => store.restore(table, entryId, history.id, since));
        if (!done && entry.deleted_at) throw notFound('This entry was removed too long ago to be restored');
        return { message: changeMessages.restore };
      }
      if (entry.deleted_at) throw notFound(notInHistory);
      if (entry.self_reported === 1) throw badRequest('You wrote this entry yourself: remove it instead of hiding it');
      const hiddenAt = action === 'hide' ? nowIso() : null;
      // Hiding what is already hidden changes nothing and logs nothing.
      await changeLogged(viewer, patient.id, action, kind, history.id, (store) => store.setHidden(table, entryId, history.id, hiddenAt));
      return { message: changeMessages[action] };
    },

    /**
     * A lab result file, under the same rule and log as the history itself. The reader is the
     * signed-in viewer, or the one a signed address names (an `<img>` sends no Authorization); a
     * signed address is refused once expired or when someone else presents it.
     */
    async labResult(viewer: Viewer | null, entryId: string, address: string, signed: { v?: string; exp?: string; sig?: string } = {}) {
      let reader = viewer;
      if (signed.v || signed.exp || signed.sig) {
        const check = labAddresses.verify(entryId, signed);
        if (check === 'invalid') throw unauthorized('This address of a test result is not valid; please open the medical history again');
        if (check === 'expired') throw unauthorized('This address of a test result has expired; please open the medical history again');
        if (viewer && viewer.id !== check.viewerId) {
          const lab = isId(entryId) ? await repo.findLab(entryId) : undefined;
          if (lab) await record(viewer, lab.patient_id, 'read', 'lab-result', 'denied', 'An address made for someone else', address);
          throw forbidden('This address of a test result was made for someone else');
        }
        const account = viewer ? undefined : await repo.findAccount(check.viewerId);
        if (!viewer && (!account || account.status === 'suspended')) throw unauthorized();
        if (account) reader = { ...account, jti: '', token: '' };
      }
      const lab = isId(entryId) ? await repo.findLab(entryId) : undefined;
      if (!lab || !isPrivateFile(lab.result)) throw notFound('There is no such test result');
      await authorize(reader, lab.patient_id, 'read', 'lab-result', address);
      const found = app.privateFiles.locate(lab.result);
      if (!found) throw notFound('There is no such test result');
      return { stream: app.privateFiles.open(lab.result), contentType: found.contentType };
    },

    /** Whether the viewer may read this access log (401, 403 otherwise; a refusal is logged). */
    mayReadLog: (viewer: Viewer | null, patientRaw: string | undefined) => authorize(viewer, cleanField(patientRaw), 'read-log', 'access-log'),

    async accessLog(viewer: Viewer | null, patientRaw: string | undefined, page: number) {
      const { patient } = await authorize(viewer, cleanField(patientRaw), 'read-log', 'access-log');
      const [rows, total, refusals] = await Promise.all([
        repo.logFor(patient.id, logPageSize, (page - 1) * logPageSize),
        repo.logCount(patient.id),
        repo.guestRefusals(patient.id),
      ]);
      const counts = new Map((await repo.refusalCounts(rows.map((r) => r.id))).map((c) => [c.log_id, c]));
      return {
        entries: rows.map((r) => toAccessEntryDto(r, counts.get(r.id))),
        page,
        pages: Math.max(1, Math.ceil(total / logPageSize)),
        total,
        guestRefusals: refusals.map((r) => ({ ...r, count: Number(r.count) })),
      };
    },
  };
}
