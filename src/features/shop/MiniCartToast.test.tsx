import { screen, within } from '@testing-library/react';
import { afterEach } from 'vitest';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders } from '../../testing/render';
import { MiniCartToast } from './MiniCartToast';

const cart = {
  cart: { products: [{ _id: 'l1', product: { slug: 'paracetamol-500-mg', name: 'Paracetamol 500 mg', price: 3.5, thumbnail: '' }, quantity: 2 }], total: 7 },
  status: 'succeeded' as const,
  error: null,
  updating: null,
  lastAdded: { slug: 'paracetamol-500-mg', at: 0 },
};

afterEach(() => showEnglish());

describe('MiniCartToast', () => {
  it('speaks Arabic: its name, the quantities in Arabic digits and the links', async () => {
    await showArabic();
    renderWithProviders(<MiniCartToast />, { preloadedState: { cart } });
    const toast = screen.getByLabelText('أُضيف إلى سلتك');
    expect(within(toast).getByText('Paracetamol 500 mg × ٢')).toBeInTheDocument();
    expect(within(toast).getByTestId('mini-cart-total')).toHaveTextContent('الإجمالي $7.00');
    expect(within(toast).getByRole('link', { name: 'عرض السلة' })).toHaveAttribute('href', '/cart');
    expect(within(toast).getByRole('button', { name: 'أغلق ملخص السلة' })).toBeInTheDocument();
  });
});
