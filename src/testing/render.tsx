import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, parsePath, Route, Routes, useLocation } from 'react-router-dom';
import type { RootState } from '../app/rootReducer';
import { makeStore } from '../app/store';

interface Options {
  /** The URL the page is rendered at. */
  route?: string;
  /** A route pattern, when the page reads path parameters (e.g. '/doctor/:name'). */
  path?: string;
  preloadedState?: Partial<RootState>;
  /** History state of the first entry, as a `<Link state>` leaves it. */
  routeState?: unknown;
}

/** Where a page sent the user: its path in `data-path`, and the page a login link returns to in `data-return-to`. */
function NavigatedAway() {
  const location = useLocation();
  const returnTo = (location.state as { returnTo?: string } | null)?.returnTo;
  return <div data-testid="navigated-away" data-path={location.pathname} data-return-to={returnTo} />;
}

/** Renders a page with a real store and router, as the app does. */
export function renderWithProviders(ui: ReactElement, { route = '/', path, preloadedState, routeState }: Options = {}) {
  const store = makeStore(preloadedState);
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[{ ...parsePath(route), state: routeState }]}>
        {path ? (
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<NavigatedAway />} />
          </Routes>
        ) : (
          ui
        )}
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...result };
}

/** A session state as after login, for pages that need a signed-in user. */
export function signedIn(user: Record<string, unknown>, role: 'patient' | 'doctor' | 'pharmacist' | 'admin' = 'patient'): Partial<RootState> {
  const token = (user.tokens as Array<{ token: string }> | undefined)?.[0]?.token ?? 'test-token';
  return {
    session: {
      token,
      user: user as RootState['session']['user'],
      role,
      userId: String(user._id),
      status: 'idle',
    },
  };
}
