import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { ProductForm } from './ProductForm';

describe('ProductForm', () => {
  it('sends the active ingredients and the prescription-only flag', async () => {
    let sent: FormData | null = null;
    server.use(
      http.post('/api/medicines', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ message: 'Product added successfully' });
      }),
    );
    const onSaved = vi.fn();
    renderWithProviders(<ProductForm categories={[]} onSaved={onSaved} onCancel={() => undefined} />);
    await userEvent.type(screen.getByLabelText('Name *'), 'Amoxicillin 500 mg');
    await userEvent.type(screen.getByLabelText('Active ingredients (separated by commas)'), 'Amoxicillin');
    await userEvent.click(screen.getByLabelText(/^Prescription only/));
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Product added successfully'));
    const form = sent as unknown as FormData;
    expect(form.get('activeIngredients')).toBe('Amoxicillin');
    expect(form.get('prescriptionOnly')).toBe('true');
  });
});
