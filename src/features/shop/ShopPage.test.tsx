import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { isolate } from '../../../shared/bidi-isolate';
import { closePopups } from './testing/popups';
import { renderWithProviders, signedIn } from '../../testing/render';
import { testUser } from '../../testing/handlers';
import { showArabic, showEnglish } from '../../testing/language';
import { server } from '../../testing/server';
import ShopPage from './ShopPage';
import { categoriesFixture, productFixture } from './testing/fixtures';

const catalogue = [
  productFixture(),
  productFixture({ _id: 'x2', slug: 'ibuprofen', name: 'Ibuprofen 400 mg', price: 5.2, category: { name: 'Muscle & Joint', slug: 'muscle-joint' } }),
];

/** The catalogue endpoint as the server answers it: filtered by q and category, every call recorded. */
function serveCatalogue(calls: URLSearchParams[] = []) {
  server.use(
    http.get('/api/medicines/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      const q = (params.get('q') ?? '').toLowerCase();
      const category = params.get('category') ?? '';
      const products = catalogue.filter((p) => p.name.toLowerCase().includes(q) && (!category || p.category?.slug === category));
      return HttpResponse.json({ products, page: 1, pages: 1, results: products.length });
    }),
    http.get('/api/category', () => HttpResponse.json({ categories: categoriesFixture })),
  );
}

/** Shows the address the page wrote, as a shared link would carry it. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

/** The shop at `route` beside its address, once its products are listed; returns the catalogue calls it makes. */
async function openShopWithAddress(route?: string): Promise<URLSearchParams[]> {
  const calls: URLSearchParams[] = [];
  serveCatalogue(calls);
  renderWithProviders(
    <>
      <ShopPage />
      <Address />
    </>,
    { route },
  );
  await screen.findByRole('list', { name: 'Products' });
  return calls;
}

afterEach(() => closePopups());

describe('ShopPage', () => {
  it('lists products with $ prices to two decimals and the categories with sub-categories', async () => {
    serveCatalogue();
    renderWithProviders(<ShopPage />);
    const list = await screen.findByRole('list', { name: 'Products' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('$3.50')).toBeInTheDocument();
    expect(within(cards[1]).getByText('$5.20')).toBeInTheDocument();
    const categories = await screen.findByRole('list', { name: 'Categories' });
    expect(
      within(categories)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All categories', 'Pain Relief', 'Headache', 'Muscle & Joint']);
  });

  it("names the clinic's categories in Arabic, on the cards and in the filter, while filtering by the same slugs", async () => {
    const calls: URLSearchParams[] = [];
    serveCatalogue(calls);
    await showArabic();
    try {
      renderWithProviders(<ShopPage />);
      const cards = within(await screen.findByRole('list', { name: 'المنتجات' })).getAllByRole('article');
      const categories = await screen.findByRole('list', { name: 'الفئات' });
      await waitFor(() =>
        expect(
          within(categories)
            .getAllByRole('button')
            .map((b) => b.textContent),
        ).toEqual(['كل الفئات', 'مسكنات الألم', 'الصداع', 'العضلات والمفاصل']),
      );
      expect(within(cards[0]).getByText('الصداع')).toBeInTheDocument();
      await userEvent.click(within(categories).getByRole('button', { name: 'العضلات والمفاصل' }));
      await waitFor(() => expect(calls.at(-1)?.get('category')).toBe('muscle-joint'));
      // Each amount keeps its sign before its digits and the lowest stands first (rightmost).
      expect(screen.getByText(`السعر: ${isolate('$0')} – ${isolate('$500')}`)).toBeInTheDocument();
    } finally {
      await showEnglish();
    }
  });

  it('searches and filters through the address, so the view can be shared', async () => {
    const calls = await openShopWithAddress();

    await userEvent.click(screen.getByRole('button', { name: 'Muscle & Joint' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Products' })).getAllByRole('article')).toHaveLength(1));
    expect(screen.getByTestId('address')).toHaveTextContent('?category=muscle-joint');
    expect(Object.fromEntries(calls[calls.length - 1])).toEqual({ page: '1', category: 'muscle-joint' });

    await userEvent.type(screen.getByLabelText('Search by name, ingredient, brand or use'), 'zzz');
    expect(await screen.findByText('There are no products found')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('?q=zzz&category=muscle-joint');
    await userEvent.click(screen.getByRole('button', { name: 'CLEAR FILTERS' }));
    expect(screen.getByLabelText('Search by name, ingredient, brand or use')).toHaveValue('');
    expect(screen.getByLabelText('Lowest price')).toHaveValue('0');
    expect(screen.getByLabelText('Highest price')).toHaveValue('500');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Products' })).getAllByRole('article')).toHaveLength(2));
    expect(screen.getByTestId('address')).toHaveTextContent(/^$/);
  });

  it('opens a shared link with its search, filters, sort and page, and sorts from the select', async () => {
    const calls = await openShopWithAddress('/?q=para&category=headache&sort=price-asc&page=2');
    expect(Object.fromEntries(calls[0])).toEqual({ page: '2', q: 'para', category: 'headache', sort: 'price-asc' });
    expect(screen.getByLabelText('Search by name, ingredient, brand or use')).toHaveValue('para');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-asc');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'price-desc');
    // A new order starts again at page 1.
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('?q=para&category=headache&sort=price-desc'));
    expect(Object.fromEntries(calls[calls.length - 1])).toMatchObject({ page: '1', sort: 'price-desc' });
  });

  it('puts the filters behind a Filters button that opens them as a panel', async () => {
    serveCatalogue();
    renderWithProviders(<ShopPage />);
    await screen.findByRole('list', { name: 'Products' });
    const open = screen.getByRole('button', { name: 'Filters' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('dialog', { name: 'Filters' });
    expect(panel).toHaveFocus();
    await userEvent.click(within(panel).getByRole('button', { name: 'Close the filters' }));
    expect(open).toHaveAttribute('aria-expanded', 'false');
  });

  it('sends the price range from the sliders', async () => {
    const calls: URLSearchParams[] = [];
    serveCatalogue(calls);
    renderWithProviders(<ShopPage />);
    await screen.findByRole('list', { name: 'Products' });
    fireEvent.change(screen.getByLabelText('Highest price'), { target: { value: '250' } });
    fireEvent.change(screen.getByLabelText('Lowest price'), { target: { value: '400' } });
    // The lowest price cannot pass the highest.
    await waitFor(() => expect(Object.fromEntries(calls[calls.length - 1])).toMatchObject({ minPrice: '250', maxPrice: '250' }));
    expect(screen.getByText('Price: $250 – $250')).toBeInTheDocument();
  });

  it("tells guests 'you must log in first' when they add to the cart", async () => {
    serveCatalogue();
    renderWithProviders(<ShopPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Paracetamol 500 mg to the cart' }));
    expect(await screen.findByText('you must log in first')).toBeInTheDocument();
  });

  it('adds one more to the cart for signed-in users and confirms with the mini-cart, not a popup', async () => {
    serveCatalogue();
    const posted: FormData[] = [];
    server.use(
      http.post('/api/cart', async ({ request }) => {
        posted.push(await request.formData());
        return HttpResponse.json({
          cart: {
            products: [{ _id: 'l1', product: { slug: 'paracetamol-500-mg', name: 'Paracetamol 500 mg', price: 3.5, thumbnail: '' }, quantity: 1 }],
            total: 3.5,
          },
        });
      }),
    );
    const { store } = renderWithProviders(<ShopPage />, { preloadedState: signedIn(testUser()) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Paracetamol 500 mg to the cart' }));
    await waitFor(() => expect(store.getState().cart.cart?.products).toHaveLength(1));
    expect(posted[0].get('product')).toBe('paracetamol-500-mg');
    expect(posted[0].get('quantity')).toBe('1');
    const toast = await screen.findByLabelText('Added to your cart');
    expect(within(toast).getByText('Paracetamol 500 mg × 1')).toBeInTheDocument();
    expect(within(toast).getByTestId('mini-cart-total')).toHaveTextContent('Total $3.50');
    expect(within(toast).getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
