/** The four values the portal keeps in local storage between visits (names fixed by the existing client). */
export const storageKeys = {
  token: 'access-token',
  user: 'user',
  role: 'role',
  userId: 'm_ph_uu',
} as const;

export interface StoredUser {
  _id?: string;
  tokens?: Array<{ token: string }>;
  [field: string]: unknown;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lasts for this page only.
  }
}

export const storage = {
  token: () => read(storageKeys.token),
  role: () => read(storageKeys.role),
  userId: () => read(storageKeys.userId),
  user(): StoredUser | null {
    const raw = read(storageKeys.user);
    if (!raw) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      return parsed && typeof parsed === 'object' ? (parsed as StoredUser) : null;
    } catch {
      return null;
    }
  },
  saveSession(token: string, user: StoredUser, role: string) {
    write(storageKeys.token, token);
    write(storageKeys.user, JSON.stringify(user));
    write(storageKeys.role, role);
  },
  saveUser(user: StoredUser, role?: string) {
    write(storageKeys.user, JSON.stringify(user));
    if (role) write(storageKeys.role, role);
  },
  saveUserId: (id: string) => write(storageKeys.userId, id),
  /** Logout clears the token, user and role; the user id stays, as the existing client expects. */
  clearSession() {
    write(storageKeys.token, null);
    write(storageKeys.user, null);
    write(storageKeys.role, null);
  },
};
