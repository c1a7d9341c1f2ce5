import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { testUser } from '../../testing/handlers';
import { server } from '../../testing/server';
import { checkSession, logout } from './sessionSlice';

const tokenWith = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;
const id = '6078afb1fb33703fe4a1414a';

function storeSession(token: string) {
  localStorage.setItem('access-token', token);
  localStorage.setItem('user', JSON.stringify(testUser({ tokens: [{ token }] })));
  localStorage.setItem('role', 'patient');
}

describe('startup session check', () => {
  it('keeps a guest a guest without calling the server', async () => {
    const store = makeStore();
    const result = await store.dispatch(checkSession()).unwrap();
    expect(result.kind).toBe('guest');
  });

  it('saves the user id from a valid token and refreshes the user and role', async () => {
    const token = tokenWith({ _id: id, exp: Date.now() / 1000 + 3600 });
    storeSession(token);
    server.use(http.get('/api/auth/user', () => HttpResponse.json({ user: testUser({ name: 'Sara A.', tokens: [{ token }] }), role: 'patient' })));
    const store = makeStore();
    await store.dispatch(checkSession());
    expect(localStorage.getItem('m_ph_uu')).toBe(id);
    expect(store.getState().session.user?.name).toBe('Sara A.');
    expect(JSON.parse(localStorage.getItem('user')!).name).toBe('Sara A.');
  });

  it('logs out an expired token and clears the three values when the server agrees', async () => {
    let loggedOut = false;
    storeSession(tokenWith({ _id: id, exp: Date.now() / 1000 - 60 }));
    server.use(http.post('/api/auth/logout', () => ((loggedOut = true), HttpResponse.json({ message: 'Logged out' }))));
    const store = makeStore();
    await store.dispatch(checkSession());
    expect(loggedOut).toBe(true);
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(store.getState().session.token).toBeNull();
  });

  it('keeps an expired token when the logout call fails, so the next visit tries again', async () => {
    const token = tokenWith({ _id: id, exp: 1 });
    storeSession(token);
    server.use(http.post('/api/auth/logout', () => HttpResponse.json({ message: 'Server unavailable' }, { status: 503 })));
    await makeStore().dispatch(checkSession());
    expect(localStorage.getItem('access-token')).toBe(token);
  });

  it('clears the stored session when the server refuses the token', async () => {
    storeSession(tokenWith({ _id: id, exp: Date.now() / 1000 + 3600 }));
    const store = makeStore();
    await store.dispatch(checkSession());
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(store.getState().session.user).toBeNull();
  });

  it('menu logout clears the session even when the server answers with an error', async () => {
    storeSession(tokenWith({ _id: id, exp: Date.now() / 1000 + 3600 }));
    server.use(http.post('/api/auth/logout', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })));
    const store = makeStore();
    await store.dispatch(logout());
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(store.getState().session.token).toBeNull();
  });
});
