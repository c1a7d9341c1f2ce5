import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../testing/server';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, signedIn } from '../../testing/render';
import { testUser } from '../../testing/handlers';
import { SiteNavbar } from './SiteNavbar';

describe('SiteNavbar', () => {
  it('shows guests the public links and Login/Register, without chat or Add Blog', () => {
    renderWithProviders(<SiteNavbar />);
    for (const name of ['Home', 'About', 'Shop', 'Blogs', 'Contact', 'Cart', 'Login/Register']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Chat' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Blog' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/#benefits');
  });

  it('opens the Doctors & Appointments menu by keyboard', async () => {
    renderWithProviders(<SiteNavbar />);
    const toggle = screen.getByRole('button', { name: 'Doctors & Appointments' });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('link', { name: 'Find a doctor' })).toHaveAttribute('href', '/doctors');
    expect(screen.getByRole('link', { name: 'Request an appointment' })).toHaveAttribute('href', '/appointment/request');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Find a doctor' })).not.toBeInTheDocument();
  });

  it('shows Add Blog to doctors only, and the chat icon and avatar menu when logged in', async () => {
    renderWithProviders(<SiteNavbar />, { preloadedState: signedIn(testUser({ _id: 'aaaaaaaaaaaaaaaaaaaaaaaa' }), 'doctor') });
    expect(screen.getByRole('link', { name: 'Add Blog' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('link', { name: 'Medical History' })).toHaveAttribute('href', '/history/aaaaaaaaaaaaaaaaaaaaaaaa');
    for (const name of ['Settings', 'Order', 'Payment', 'Appointment']) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    // Prescriptions to buy from are a patient's page.
    expect(screen.queryByRole('link', { name: 'Prescriptions' })).not.toBeInTheDocument();
  });

  it('offers patients their prescriptions in the avatar menu', async () => {
    renderWithProviders(<SiteNavbar />, { preloadedState: signedIn(testUser()) });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('link', { name: 'Prescriptions' })).toHaveAttribute('href', '/prescriptions');
  });

  it('hides Add Blog from patients, and logout clears the session', async () => {
    localStorage.setItem('access-token', 'test-token');
    const { store } = renderWithProviders(<SiteNavbar />, { preloadedState: signedIn(testUser()) });
    expect(screen.queryByRole('link', { name: 'Add Blog' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(store.getState().session.token).toBeNull());
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Login/Register' })).toBeInTheDocument();
  });
});

describe('SiteNavbar icon links', () => {
  it('names the cart link with its count, so a screen reader hears how many products wait there', async () => {
    const line = (slug: string) => ({ _id: slug, product: { slug, name: slug, price: 5, thumbnail: '' }, quantity: 1 });
    server.use(http.get('/api/cart', () => HttpResponse.json({ cart: [{ _id: 'c1', products: [line('a'), line('b')], total: 10 }] })));
    renderWithProviders(<SiteNavbar />, { preloadedState: signedIn(testUser({ _id: 'aaaaaaaaaaaaaaaaaaaaaaaa' })) });
    expect(await screen.findByRole('link', { name: 'Cart, 2 products in the cart' })).toHaveAttribute('href', '/cart');
  });
});
