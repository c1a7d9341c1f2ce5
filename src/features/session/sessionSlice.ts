import { createSlice } from '@reduxjs/toolkit';
import { messageOf, toFormData } from '../../api/http';
import { storage } from '../../api/storage';
import { isExpired, readClaims } from '../../api/token';
import { createAppAsyncThunk } from '../../app/hooks';
import { i18n } from '../../i18n';
import type { Language as SiteLanguage } from '../../i18n/languages';
import type { AccountSecurity, RegistrationKind, Role, User } from './types';

import type { RequestStatus } from '../../api/requestStatus';

interface SessionState {
  token: string | null;
  user: User | null;
  role: Role | null;
  userId: string | null;
  status: RequestStatus;
  /** Known after login or the startup check; absent before. */
  security?: AccountSecurity | null;
  /** The language the server last saved as hers for emails and notifications (after a switch). */
  savedLanguage?: SiteLanguage | null;
}

function fromStorage(): SessionState {
  const user = storage.user() as User | null;
  return {
    token: storage.token(),
    user,
    role: (storage.role() as Role | null) ?? null,
    userId: storage.userId(),
    status: 'idle',
  };
}

interface AuthPayload {
  user: User;
  role: Role;
  security?: AccountSecurity;
}

/** The second step of a login with two-factor sign-in on. */
export interface TwoFactorStep {
  twoFactorRequired: true;
  challenge: string;
  message: string;
}

/** Stores a new session: the token is the user's first token (contract A1). */
function signedIn(data: AuthPayload) {
  const token = data.user.tokens[0]?.token;
  if (!token) return null;
  storage.saveSession(token, data.user, data.role);
  const claims = readClaims(token);
  if (claims?._id) storage.saveUserId(claims._id);
  return { token, user: data.user, role: data.role, userId: claims?._id ?? data.user._id, security: data.security ?? null };
}

/** Worded when it happens, in the language shown then. */
const noSession = () => i18n.t('errors.noSession');

/**
 * Login. With two-factor sign-in on, the server answers a challenge instead of a session; the
 * thunk then resolves with that step (`twoFactor`), and the page asks for the code.
 */
export const login = createAppAsyncThunk('session/login', async (form: { email: string; password: string }, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.post<AuthPayload | TwoFactorStep>('auth/login', toFormData(form));
    if ('twoFactorRequired' in data) return { twoFactor: data };
    const session = signedIn(data);
    return session ? { session } : rejectWithValue(noSession());
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const loginWithCode = createAppAsyncThunk('session/loginWithCode', async (form: { challenge: string; code: string }, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.post<AuthPayload>('auth/login/two-factor', toFormData(form));
    return signedIn(data) ?? rejectWithValue(noSession());
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/** Menu logout: the local session is cleared whatever the server answers. */
export const logout = createAppAsyncThunk('session/logout', async (_: void, { extra }) => {
  try {
    await extra.http.post('auth/logout', toFormData({}));
  } catch {
    // The server may already consider the token gone; the local session ends either way.
  }
  storage.clearSession();
});

/**
 * Startup check: with a stored token, remember its user id; an expired token is logged out
 * (cleared only when the server agrees); otherwise the current user is fetched, and a refusal
 * clears the stored session.
 */
export const checkSession = createAppAsyncThunk('session/check', async (_: void, { extra }) => {
  const token = storage.token();
  if (!token) return { kind: 'guest' as const };
  const claims = readClaims(token);
  if (claims?._id) storage.saveUserId(claims._id);
  if (!claims) {
    storage.clearSession();
    return { kind: 'cleared' as const };
  }
  if (isExpired(claims)) {
    try {
      await extra.http.post('auth/logout', toFormData({}));
      storage.clearSession();
      return { kind: 'cleared' as const };
    } catch {
      return { kind: 'kept' as const };
    }
  }
  try {
    const { data } = await extra.http.get<AuthPayload>('auth/user');
    storage.saveUser(data.user, data.role);
    return { kind: 'user' as const, user: data.user, role: data.role, userId: claims._id ?? data.user._id, security: data.security ?? null };
  } catch {
    storage.clearSession();
    return { kind: 'cleared' as const };
  }
});

export const register = createAppAsyncThunk(
  'session/register',
  async ({ kind, form }: { kind: RegistrationKind; form: Record<string, string | Blob | undefined> }, { extra, rejectWithValue }) => {
    try {
      await extra.http.post(`${kind}/auth/signup`, toFormData(form));
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

export const updateProfile = createAppAsyncThunk('session/updateProfile', async (changes: Record<string, string | Blob>, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.patch<{ user: User; message?: string }>('auth/user', toFormData(changes));
    storage.saveUser(data.user);
    return { user: data.user, message: data.message ?? '' };
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/** A doctor or pharmacist awaiting approval gives the licence number(s) and document the clinic checks. */
export const submitLicence = createAppAsyncThunk('session/submitLicence', async (form: Record<string, string | Blob>, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.post<{ user: User; message: string }>('auth/user/licence', toFormData(form));
    storage.saveUser(data.user);
    return { user: data.user, message: data.message };
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

/**
 * Tells the server the language she switched to, so her emails and notifications follow it. The page
 * has already switched; a failure only means the server keeps her previous choice for now.
 */
export const saveLanguage = createAppAsyncThunk('session/saveLanguage', async (language: SiteLanguage, { extra, rejectWithValue }) => {
  try {
    return (await extra.http.put<{ message: string; language: SiteLanguage }>('users/me/language', { language })).data;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const sessionSlice = createSlice({
  name: 'session',
  initialState: fromStorage,
  reducers: {
    emailVerified: (state) => {
      if (state.security) state.security.emailVerified = true;
    },
    twoFactorChanged: (state, { payload }: { payload: boolean }) => {
      if (state.security) state.security.twoFactor = payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(login.fulfilled, (state, { payload }) => {
        if (payload.session) Object.assign(state, payload.session, { status: 'succeeded' });
        else state.status = 'idle';
      })
      .addCase(login.rejected, (state) => {
        state.status = 'failed';
      })
      .addCase(loginWithCode.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(loginWithCode.fulfilled, (state, { payload }) => {
        Object.assign(state, payload, { status: 'succeeded' });
      })
      .addCase(loginWithCode.rejected, (state) => {
        state.status = 'idle';
      })
      .addCase(logout.fulfilled, (state) => {
        state.token = null;
        state.user = null;
        state.role = null;
        state.userId = null;
        state.security = null;
        state.savedLanguage = null;
        state.status = 'idle';
      })
      .addCase(checkSession.fulfilled, (state, { payload }) => {
        if (payload.kind === 'user') {
          state.user = payload.user;
          state.role = payload.role;
          state.userId = payload.userId;
          state.security = payload.security;
        } else if (payload.kind === 'cleared') {
          state.token = null;
          state.user = null;
          state.role = null;
        }
      })
      .addCase(updateProfile.fulfilled, (state, { payload }) => {
        state.user = payload.user;
      })
      .addCase(submitLicence.fulfilled, (state, { payload }) => {
        state.user = payload.user;
      })
      .addCase(saveLanguage.fulfilled, (state, { payload }) => {
        state.savedLanguage = payload.language;
      });
  },
  selectors: {
    selectUser: (state) => state.user,
    selectRole: (state) => state.role,
    selectToken: (state) => state.token,
    selectUserId: (state) => state.userId,
    selectIsLoggedIn: (state) => Boolean(state.token),
    selectLoginStatus: (state) => state.status,
    selectSecurity: (state) => state.security ?? null,
    selectSavedLanguage: (state) => state.savedLanguage ?? null,
    /**
     * Settings and blog creation exist only while the stored user's first token is the stored
     * access token (or nobody is signed in), the rule the existing client uses.
     */
    selectOwnsSession: (state) => !state.token || state.user?.tokens?.[0]?.token === state.token,
  },
});

export const {
  selectUser,
  selectRole,
  selectToken,
  selectUserId,
  selectIsLoggedIn,
  selectLoginStatus,
  selectOwnsSession,
  selectSecurity,
  selectSavedLanguage,
} = sessionSlice.selectors;
export const { emailVerified, twoFactorChanged } = sessionSlice.actions;
