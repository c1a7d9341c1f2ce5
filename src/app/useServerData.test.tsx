import { screen, waitFor } from '@testing-library/react';
import type { AxiosRequestConfig } from 'axios';
import { http as mockHttp, HttpResponse } from 'msw';
import { http } from '../api/http';
import OrdersTab from '../features/orders/OrdersTab';
import { shippedAspirin } from '../features/orders/testing/fixtures';
import { testUser } from '../testing/handlers';
import { renderWithProviders, signedIn } from '../testing/render';
import { server } from '../testing/server';

describe('a page left before its data came', () => {
  it('aborts its request, and neither the late data nor an error reaches the store', async () => {
    let answer: (() => void) | undefined;
    server.use(
      mockHttp.get(
        '/api/orders/user',
        () =>
          // The server answers only when the test says so: after the page is gone.
          new Promise<Response>((resolve) => {
            answer = () => resolve(HttpResponse.json({ orders: [shippedAspirin] }));
          }),
      ),
    );
    // Watches (without replacing) the one client, to read the signal the thunk gave axios.
    const get = vi.spyOn(http, 'get');
    try {
      const { store, unmount } = renderWithProviders(<OrdersTab />, { preloadedState: signedIn(testUser()) });
      expect(screen.getByText('Loading your orders…')).toBeInTheDocument();
      await waitFor(() => expect(answer).toBeDefined());
      const signal = (get.mock.calls[0]?.[1] as AxiosRequestConfig | undefined)?.signal as AbortSignal | undefined;
      expect(signal?.aborted).toBe(false);

      unmount();
      expect(signal?.aborted).toBe(true);
      answer?.();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(store.getState().orderHistory.orders).toMatchObject({ data: null, error: null, status: 'idle' });
    } finally {
      get.mockRestore();
    }
  });
});
