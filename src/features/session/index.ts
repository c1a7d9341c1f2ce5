/**
 * What other features (and the app: store, router, navbar, boot) may use of the session: who is signed in,
 * with which role, and the session's actions.
 */
export {
  checkSession,
  emailVerified,
  logout,
  saveLanguage,
  selectIsLoggedIn,
  selectOwnsSession,
  selectRole,
  selectSavedLanguage,
  selectSecurity,
  selectToken,
  selectUser,
  selectUserId,
  sessionSlice,
  submitLicence,
  twoFactorChanged,
  updateProfile,
} from './sessionSlice';
export type { AccountStatus, PendingProfileChange, Role, User } from './types';
