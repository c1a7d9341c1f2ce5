import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { closePopups } from './testing/popups';
import { renderWithProviders, signedIn } from '../../testing/render';
import { testUser } from '../../testing/handlers';
import { server } from '../../testing/server';
import ProductPage from './ProductPage';
import { detailFixture, productFixture } from './testing/fixtures';

function useProduct() {
  server.use(
    http.get('/api/medicine/', () => HttpResponse.json({ product: detailFixture() })),
    http.get('/api/medicines/related/', () => HttpResponse.json({ products: [productFixture({ _id: 'r1', slug: 'aspirin', name: 'Aspirin', price: 2 })] })),
  );
}

afterEach(() => closePopups());

describe('ProductPage', () => {
  it('shows photos, the sanitized texts, the seller, the SKU placeholder and related products in LE', async () => {
    useProduct();
    renderWithProviders(<ProductPage />, { route: '/shop/paracetamol-500-mg', path: '/shop/:slug' });
    expect(await screen.findByRole('heading', { name: 'Paracetamol 500 mg', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('$3.50')).toBeInTheDocument();
    expect(screen.getByText('hoda.nasser')).toBeInTheDocument();
    expect(screen.getByText('SKU')).toBeInTheDocument();
    for (const title of ['About', 'Description', 'Indications', 'Side effects', 'Contraindications and warnings']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('pain').tagName).toBe('STRONG');
    expect(document.querySelector('[onerror]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 2' }));
    expect(screen.getByRole('img', { name: 'Paracetamol 500 mg' })).toHaveAttribute('src', '/uploads/two.png');
    const related = await screen.findByRole('list', { name: 'Related products' });
    expect(within(related).getByText('2.00 LE')).toBeInTheDocument();
  });

  it('shows the active ingredients and the prescription-only flag', async () => {
    server.use(
      http.get('/api/medicine/', () =>
        HttpResponse.json({
          product: detailFixture({ slug: 'amoxicillin-500-mg', name: 'Amoxicillin 500 mg', activeIngredients: ['Amoxicillin'], prescriptionOnly: true }),
        }),
      ),
      http.get('/api/medicines/related/', () => HttpResponse.json({ products: [] })),
    );
    renderWithProviders(<ProductPage />, { route: '/shop/amoxicillin-500-mg', path: '/shop/:slug' });
    expect(await screen.findByRole('heading', { name: 'Amoxicillin 500 mg', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Active ingredients').nextElementSibling).toHaveTextContent('Amoxicillin');
    expect(screen.getByText(/^Prescription only/)).toBeInTheDocument();
  });

  it('keeps the quantity between 1 and the stock', async () => {
    useProduct();
    renderWithProviders(<ProductPage />, { route: '/shop/paracetamol-500-mg', path: '/shop/:slug' });
    const increase = await screen.findByRole('button', { name: 'Increase Quantity' });
    const decrease = screen.getByRole('button', { name: 'Decrease Quantity' });
    expect(decrease).toBeDisabled();
    for (let i = 0; i < 5; i += 1) if (!increase.hasAttribute('disabled')) await userEvent.click(increase);
    expect(screen.getByLabelText('Quantity')).toHaveValue(4);
    expect(increase).toBeDisabled();
  });

  it("adds the chosen quantity and shows 'Out of stock quantity' when the server refuses", async () => {
    useProduct();
    const sent: string[] = [];
    server.use(
      http.post('/api/cart', async ({ request }) => {
        const form = await request.formData();
        sent.push(String(form.get('quantity')));
        return HttpResponse.json({ message: 'Out of stock quantity' }, { status: 400 });
      }),
    );
    renderWithProviders(<ProductPage />, { route: '/shop/paracetamol-500-mg', path: '/shop/:slug', preloadedState: signedIn(testUser()) });
    await userEvent.click(await screen.findByRole('button', { name: 'Increase Quantity' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(await screen.findByText('Out of stock quantity')).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual(['2']));
  });

  it('shows the server message for an unknown product', async () => {
    server.use(
      http.get('/api/medicine/', () => HttpResponse.json({ message: 'This product does not exist or is no longer sold' }, { status: 404 })),
      http.get('/api/medicines/related/', () => HttpResponse.json({ message: 'nope' }, { status: 404 })),
    );
    renderWithProviders(<ProductPage />, { route: '/shop/nope', path: '/shop/:slug' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This product does not exist or is no longer sold');
  });
});
