import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { closePopups } from './testing/popups';
import { renderWithProviders, signedIn } from '../../testing/render';
import { testUser } from '../../testing/handlers';
import { server } from '../../testing/server';
import ShopPage from './ShopPage';
import { categoriesFixture, productFixture } from './testing/fixtures';

const catalogue = [productFixture(), productFixture({ _id: 'x2', slug: 'ibuprofen', name: 'Ibuprofen 400 mg', price: 5.2, category: { name: 'Muscle & Joint', slug: 'muscle-joint' } })];

function useCatalogue(finds: URLSearchParams[] = []) {
  server.use(
    http.get('/api/medicines/', () => HttpResponse.json({ products: catalogue, page: 1, pages: 1, results: 2 })),
    http.get('/api/category', () => HttpResponse.json({ categories: categoriesFixture })),
    http.post('/api/medicines/find/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      finds.push(params);
      const name = (params.get('name') ?? '').toLowerCase();
      const category = params.get('category') ?? '';
      return HttpResponse.json({ product: catalogue.filter((p) => p.name.toLowerCase().includes(name) && (!category || p.category?.slug === category)) });
    }),
  );
}

afterEach(() => closePopups());

describe('ShopPage', () => {
  it('lists products with $ prices to two decimals and the categories with sub-categories', async () => {
    useCatalogue();
    renderWithProviders(<ShopPage />);
    const list = await screen.findByRole('list', { name: 'Products' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('$3.50')).toBeInTheDocument();
    expect(within(cards[1]).getByText('$5.20')).toBeInTheDocument();
    const categories = await screen.findByRole('list', { name: 'Categories' });
    expect(within(categories).getAllByRole('button').map((b) => b.textContent)).toEqual(['All categories', 'Pain Relief', 'Headache', 'Muscle & Joint']);
  });

  it('filters by name and category with the whole filter set, and clears the filters when nothing is found', async () => {
    const finds: URLSearchParams[] = [];
    useCatalogue(finds);
    renderWithProviders(<ShopPage />);
    await screen.findByRole('list', { name: 'Products' });

    await userEvent.click(screen.getByRole('button', { name: 'Muscle & Joint' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Products' })).getAllByRole('article')).toHaveLength(1));
    const last = finds[finds.length - 1];
    expect(Object.fromEntries(last)).toEqual({ name: '', minPrice: '0', maxPrice: '500', category: 'muscle-joint', pharmacy: '' });

    await userEvent.type(screen.getByLabelText('Search by name'), 'zzz');
    expect(await screen.findByText('There are no products found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'CLEAR FILTERS' }));
    expect(screen.getByLabelText('Search by name')).toHaveValue('');
    expect(screen.getByLabelText('Lowest price')).toHaveValue('0');
    expect(screen.getByLabelText('Highest price')).toHaveValue('500');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Products' })).getAllByRole('article')).toHaveLength(2));
  });

  it('sends the price range from the sliders', async () => {
    const finds: URLSearchParams[] = [];
    useCatalogue(finds);
    renderWithProviders(<ShopPage />);
    await screen.findByRole('list', { name: 'Products' });
    fireEvent.change(screen.getByLabelText('Highest price'), { target: { value: '250' } });
    fireEvent.change(screen.getByLabelText('Lowest price'), { target: { value: '400' } });
    await waitFor(() => expect(finds.length).toBeGreaterThan(0));
    // The lowest price cannot pass the highest.
    expect(Object.fromEntries(finds[finds.length - 1])).toMatchObject({ minPrice: '250', maxPrice: '250' });
    expect(screen.getByText('Price: $250 – $250')).toBeInTheDocument();
  });

  it("tells guests 'you must log in first' when they add to the cart", async () => {
    useCatalogue();
    renderWithProviders(<ShopPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Paracetamol 500 mg to the cart' }));
    expect(await screen.findByText('you must log in first')).toBeInTheDocument();
  });

  it('adds one more to the cart for signed-in users', async () => {
    useCatalogue();
    const posted: FormData[] = [];
    server.use(
      http.post('/api/cart', async ({ request }) => {
        posted.push(await request.formData());
        return HttpResponse.json({ cart: { products: [{ _id: 'l1', product: { slug: 'paracetamol-500-mg', name: 'Paracetamol 500 mg', price: 3.5, thumbnail: '' }, quantity: 1 }], total: 3.5 } });
      }),
    );
    const { store } = renderWithProviders(<ShopPage />, { preloadedState: signedIn(testUser()) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Paracetamol 500 mg to the cart' }));
    await waitFor(() => expect(store.getState().cart.cart?.products).toHaveLength(1));
    expect(posted[0].get('product')).toBe('paracetamol-500-mg');
    expect(posted[0].get('quantity')).toBe('1');
  });
});
