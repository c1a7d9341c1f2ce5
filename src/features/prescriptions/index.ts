/**
 * What other features may use of prescriptions: the safety warning checkout shows and its conflict type.
 * The write-a-prescription form is a component the medical history and the appointments tab load lazily
 * when a doctor opens it: `lazy(() => import('../prescriptions/WritePrescriptionModal'))` (the importing
 * page's own lazy import keeps the shared slices in the first chunk).
 */
export { SafetyWarning } from './SafetyWarning';
export type { SafetyConflict } from './types';
