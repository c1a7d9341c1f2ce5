import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { testUser } from '../../testing/handlers';
import { renderWithProviders, signedIn } from '../../testing/render';
import { server } from '../../testing/server';
import AppointmentsTab from './AppointmentsTab';
import { prescription } from '../prescriptions/testing/fixtures';

configure({ asyncUtilTimeout: 5000 });

const doctorUser = testUser({ _id: 'aa00000000000000000000a1', name: 'Dr. Omar Hassan', roles: ['doctor'] });
const reservedSlot = {
  _id: 'bb00000000000000000000c2',
  date: '2027-01-15T12:00:00.000Z',
  time: '12:00',
  timeZone: 'Africa/Cairo',
  reserved: true,
  doctor: { _id: doctorUser._id, name: doctorUser.name, specialization: 'General practice' },
  patient: { _id: '6078afb1fb33703fe4a1414a', name: 'Sara Ali' },
  chat: null,
};
const allergy = {
  kind: 'allergy',
  product: 'Amoxicillin 500 mg',
  ingredient: 'amoxicillin',
  with: 'penicillin',
  message: 'Amoxicillin 500 mg contains amoxicillin, and an allergy to penicillin is recorded.',
};

describe('Writing a prescription from the appointment row', { timeout: 30_000 }, () => {
  it('picks a catalogue product, adds a free-text medicine, and writes it only after the allergy warning is acknowledged', async () => {
    const bodies: unknown[] = [];
    const searches: (string | null)[] = [];
    server.use(
      http.get('/api/appointment', () => HttpResponse.json({ appointments: [reservedSlot] })),
      http.get('/api/medicines/', ({ request }) => {
        searches.push(new URL(request.url).searchParams.get('q'));
        return HttpResponse.json({
          products: [{ _id: 'p-amox', slug: 'amox', name: 'Amoxicillin 500 mg', owner: { _id: 'ph', username: 'nile', pharmacyName: 'Nile Pharmacy' } }],
          page: 1,
          pages: 1,
          results: 1,
        });
      }),
      http.post('/api/prescriptions', async ({ request }) => {
        const body = (await request.json()) as { acknowledgeWarnings: boolean };
        bodies.push(body);
        if (!body.acknowledgeWarnings)
          return HttpResponse.json({ message: 'Safety warning', conflicts: [allergy], needsAcknowledgement: true }, { status: 409 });
        return HttpResponse.json({ message: 'The prescription is written', prescription: prescription({ code: 'RX-NEW1-2345' }) });
      }),
    );
    renderWithProviders(<AppointmentsTab />, { route: '/settings/appointments', path: '/settings/:page', preloadedState: signedIn(doctorUser, 'doctor') });
    const row = await screen.findByRole('row', { name: /12:00 PM/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Write prescription for Sara Ali' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a prescription for Sara Ali' });

    await userEvent.type(within(dialog).getByLabelText('Search the catalogue'), 'amox{Enter}');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Choose Amoxicillin 500 mg (Nile Pharmacy)' }));
    expect(searches).toEqual(['amox']);
    const first = within(dialog).getByRole('group', { name: 'Medicine 1' });
    await userEvent.type(within(first).getByLabelText('Dose'), '1 capsule');
    await userEvent.type(within(first).getByLabelText('Frequency'), 'every 8 hours');
    await userEvent.type(within(first).getByLabelText('Duration'), '7 days');
    await userEvent.clear(within(first).getByLabelText('Quantity (packs)'));
    await userEvent.type(within(first).getByLabelText('Quantity (packs)'), '2');
    await userEvent.type(within(first).getByLabelText('Notes'), 'after meals');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a medicine' }));
    const second = within(dialog).getByRole('group', { name: 'Medicine 2' });
    await userEvent.type(within(second).getByLabelText('Or a medicine not in the catalogue'), 'Saline nose spray');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Write prescription' }));
    const warning = await within(dialog).findByRole('alert', { name: 'Safety warning' });
    expect(warning).toHaveTextContent('an allergy to penicillin is recorded');
    expect(screen.queryByText(/The prescription is written/)).not.toBeInTheDocument();
    await userEvent.click(within(warning).getByRole('button', { name: 'I understand, write it anyway' }));

    expect(await screen.findByText('The prescription is written (RX-NEW1-2345)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const line = { dose: '1 capsule', frequency: 'every 8 hours', duration: '7 days', quantity: 2, notes: 'after meals', product: 'p-amox' };
    const free = { medicine: 'Saline nose spray', dose: '', frequency: '', duration: '', quantity: 1, notes: '' };
    const sent = { patient: '6078afb1fb33703fe4a1414a', lines: [line, free], notes: '', validDays: 30 };
    expect(bodies).toEqual([
      { ...sent, acknowledgeWarnings: false },
      { ...sent, acknowledgeWarnings: true },
    ]);
  });

  it("shows the server's refusal in the form", async () => {
    server.use(
      http.get('/api/appointment', () => HttpResponse.json({ appointments: [reservedSlot] })),
      http.post('/api/prescriptions', () => HttpResponse.json({ message: 'Add at least one medicine' }, { status: 400 })),
    );
    renderWithProviders(<AppointmentsTab />, { route: '/settings/appointments', path: '/settings/:page', preloadedState: signedIn(doctorUser, 'doctor') });
    await userEvent.click(await screen.findByRole('button', { name: 'Write prescription for Sara Ali' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a prescription for Sara Ali' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Write prescription' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Add at least one medicine');
  });
});
