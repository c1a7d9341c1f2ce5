import { createSlice } from '@reduxjs/toolkit';
import { messageOf, toFormData } from '../../api/http';
import { storage } from '../../api/storage';
import { isExpired, readClaims } from '../../api/token';
import { createAppAsyncThunk } from '../../app/hooks';
import type { RegistrationKind, Role, User } from './types';

type Status = 'idle' | 'loading' | 'succeeded' | 'failed';

interface SessionState {
  token: string | null;
  user: User | null;
  role: Role | null;
  userId: string | null;
  status: Status;
  error: string | null;
}

function fromStorage(): SessionState {
  const user = storage.user() as User | null;
  return {
    token: storage.token(),
    user,
    role: (storage.role() as Role | null) ?? null,
    userId: storage.userId(),
    status: 'idle',
    error: null,
  };
}

interface AuthPayload {
  user: User;
  role: Role;
}

/** Login: the new session token is the user's first token (contract A1). */
export const login = createAppAsyncThunk('session/login', async (form: { email: string; password: string }, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.post<AuthPayload>('auth/login', toFormData(form));
    const token = data.user.tokens[0]?.token;
    if (!token) return rejectWithValue('The server did not return a session; please try again');
    storage.saveSession(token, data.user, data.role);
    const claims = readClaims(token);
    if (claims?._id) storage.saveUserId(claims._id);
    return { token, user: data.user, role: data.role, userId: claims?._id ?? data.user._id };
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
    return { kind: 'user' as const, user: data.user, role: data.role, userId: claims._id ?? data.user._id };
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

export const updateProfile = createAppAsyncThunk(
  'session/updateProfile',
  async (changes: Record<string, string | Blob>, { extra, rejectWithValue }) => {
    try {
      const { data } = await extra.http.patch<{ user: User }>('auth/user', toFormData(changes));
      storage.saveUser(data.user);
      return data.user;
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

export const sessionSlice = createSlice({
  name: 'session',
  initialState: fromStorage,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(login.fulfilled, (state, { payload }) => {
        Object.assign(state, payload, { status: 'succeeded', error: null });
      })
      .addCase(login.rejected, (state, { payload }) => {
        state.status = 'failed';
        state.error = payload ?? 'Login failed';
      })
      .addCase(logout.fulfilled, (state) => {
        state.token = null;
        state.user = null;
        state.role = null;
        state.userId = null;
        state.status = 'idle';
      })
      .addCase(checkSession.fulfilled, (state, { payload }) => {
        if (payload.kind === 'user') {
          state.user = payload.user;
          state.role = payload.role;
          state.userId = payload.userId;
        } else if (payload.kind === 'cleared') {
          state.token = null;
          state.user = null;
          state.role = null;
        }
      })
      .addCase(updateProfile.fulfilled, (state, { payload }) => {
        state.user = payload;
      });
  },
  selectors: {
    selectUser: (state) => state.user,
    selectRole: (state) => state.role,
    selectToken: (state) => state.token,
    selectUserId: (state) => state.userId,
    selectIsLoggedIn: (state) => Boolean(state.token),
    selectLoginError: (state) => state.error,
    selectLoginStatus: (state) => state.status,
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
  selectLoginError,
  selectLoginStatus,
  selectOwnsSession,
} = sessionSlice.selectors;
