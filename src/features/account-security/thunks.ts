import { messageOf, toFormData } from '../../api/http';
import { createAppAsyncThunk } from '../../app/hooks';
import { emailVerified, twoFactorChanged } from '../session';

/** Account security calls: one-time links, two-factor sign-in and sessions. Pages keep the answers in their own state. */

interface Message {
  message: string;
}

export interface SessionInfo {
  id: string;
  created_at: string;
  expires_at: string;
  device: string;
  ip: string;
  current: boolean;
}

export interface TwoFactorStatus {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}

export interface TwoFactorSetup {
  secret: string;
  uri: string;
  qr: string;
}

/** A POST of a few form fields that answers `T`, rejecting with the server's message. */
const post = <T>(name: string, url: string) =>
  createAppAsyncThunk(`accountSecurity/${name}`, async (fields: Record<string, string>, { extra, rejectWithValue }) => {
    try {
      return (await extra.http.post<T>(url, toFormData(fields))).data;
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  });

export const forgotPassword = post<Message>('forgotPassword', 'auth/password/forgot');
export const resetPassword = post<Message>('resetPassword', 'auth/password/reset');
export const resendVerification = post<Message>('resendVerification', 'auth/email/resend');
export const endOtherSessions = post<Message>('endOtherSessions', 'auth/sessions/end-others');
export const setupTwoFactor = post<TwoFactorSetup>('setupTwoFactor', 'auth/two-factor/setup');
export const regenerateRecoveryCodes = post<Message & { recoveryCodes: string[] }>('regenerateRecoveryCodes', 'auth/two-factor/recovery-codes');

export const verifyEmail = createAppAsyncThunk('accountSecurity/verifyEmail', async (token: string, { extra, rejectWithValue, dispatch, getState }) => {
  try {
    const { data } = await extra.http.post<Message & { email: string }>('auth/email/verify', toFormData({ token }));
    // The banner goes at once when the signed-in account is the one verified.
    if (getState().session.user?.email === data.email || getState().session.security?.emailVerified === false) dispatch(emailVerified());
    return data;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const enableTwoFactor = createAppAsyncThunk('accountSecurity/enableTwoFactor', async (code: string, { extra, rejectWithValue, dispatch }) => {
  try {
    const { data } = await extra.http.post<Message & { recoveryCodes: string[] }>('auth/two-factor/enable', toFormData({ code }));
    dispatch(twoFactorChanged(true));
    return data;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const disableTwoFactor = createAppAsyncThunk(
  'accountSecurity/disableTwoFactor',
  async (currentPassword: string, { extra, rejectWithValue, dispatch }) => {
    try {
      const { data } = await extra.http.post<Message>('auth/two-factor/disable', toFormData({ currentPassword }));
      dispatch(twoFactorChanged(false));
      return data;
    } catch (error) {
      return rejectWithValue(messageOf(error));
    }
  },
);

export const fetchTwoFactor = createAppAsyncThunk('accountSecurity/fetchTwoFactor', async (_: void, { extra, rejectWithValue }) => {
  try {
    return (await extra.http.get<TwoFactorStatus>('auth/two-factor')).data;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const fetchSessions = createAppAsyncThunk('accountSecurity/fetchSessions', async (_: void, { extra, rejectWithValue }) => {
  try {
    return (await extra.http.get<{ sessions: SessionInfo[] }>('auth/sessions')).data.sessions;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

export const endSession = createAppAsyncThunk('accountSecurity/endSession', async (id: string, { extra, rejectWithValue }) => {
  try {
    return (await extra.http.delete<Message>(`auth/sessions/${encodeURIComponent(id)}`)).data;
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});
