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
    const slow = store.dispatch(fetchUsers('slow'));
    await vi.waitFor(() => expect(releaseSlow).toBeDefined());
    await store.dispatch(fetchUsers('sara'));
    releaseSlow?.();
    await slow;
    // The slower, older search answered last: the newer one's rows stay.
    expect(store.getState().admin.users).toMatchObject({ status: 'succeeded', data: [{ name: 'sara' }], error: null });

    await store.dispatch(fetchUsers('broken'));
    expect(store.getState().admin.users).toMatchObject({ status: 'failed', data: [], error: 'The accounts are resting' });
  });
});
