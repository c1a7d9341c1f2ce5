import { http, HttpResponse } from 'msw';
import { fetchUsers } from '../features/admin/adminSlice';
import { server } from '../testing/server';
import { makeStore } from './store';

const user = (name: string) => ({ _id: name, name, email: `${name}@example.test`, role: 'patient', status: 'approved' });

describe('a Loadable kept by addLoadableCases', () => {
  it('keeps only the newest request’s answer and turns a failure into an empty list with the server’s message', async () => {
    let releaseSlow: (() => void) | undefined;
    server.use(
      http.get('/api/admin/users', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        if (q === 'slow') return new Promise<Response>((resolve) => (releaseSlow = () => resolve(HttpResponse.json({ users: [user('slow')] }))));
        if (q === 'broken') return HttpResponse.json({ message: 'The accounts are resting' }, { status: 503 });
        return HttpResponse.json({ users: [user(String(q))] });
      }),
    );
    const store = makeStore();
    const slow = store.dispatch(fetchUsers({ q: 'slow', page: 1 }));
    await vi.waitFor(() => expect(releaseSlow).toBeDefined());
    await store.dispatch(fetchUsers({ q: 'sara', page: 1 }));
    releaseSlow?.();
    await slow;
    // The slower, older search answered last: the newer one's rows stay.
    expect(store.getState().admin.users).toMatchObject({ status: 'succeeded', data: { items: [{ name: 'sara' }], pages: 1 }, error: null });

    await store.dispatch(fetchUsers({ q: 'broken', page: 1 }));
    expect(store.getState().admin.users).toMatchObject({ status: 'failed', data: { items: [], pages: 1 }, error: 'The accounts are resting' });
  });
});
