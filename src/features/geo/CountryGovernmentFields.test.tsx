import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { testCountries } from '../../testing/geo';
import { showArabic, showEnglish } from '../../testing/language';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { CountryGovernmentFields } from './CountryGovernmentFields';

/** The fields inside a form that keeps their values, as the sign-up, profile and checkout pages do. */
function Form({ start = { country: '', government: '' }, twice = false }: { start?: { country: string; government: string }; twice?: boolean }) {
  const [place, setPlace] = useState(start);
  return (
    <>
      <CountryGovernmentFields country={place.country} government={place.government} onChange={setPlace} />
      {twice && <CountryGovernmentFields country="" government="" onChange={() => undefined} />}
      <div data-testid="values">{`${place.country}|${place.government}`}</div>
    </>
  );
}

/** Counts the calls each geo URL receives while answering them as the default handlers do. */
function countCalls() {
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/api/geo/')) calls.push(path);
  });
  return calls;
}

afterEach(() => server.events.removeAllListeners());

describe('CountryGovernmentFields', () => {
  it('lists the countries the server sends, then the governments of the chosen one', async () => {
    const calls = countCalls();
    renderWithProviders(<Form />);
    const country = screen.getByLabelText('Country');
    const government = screen.getByLabelText('Government');
    expect(screen.getByRole('status')).toHaveTextContent('Loading countries…');
    expect(government).toBeDisabled();
    expect(within(government).getByRole('option')).toHaveTextContent('Choose a country first');

    await screen.findByRole('option', { name: 'Egypt' });
    expect(
      within(country)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a country', ...testCountries.map((c) => c.name)]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await userEvent.selectOptions(country, 'Egypt');
    expect(government).toBeEnabled();
    await userEvent.selectOptions(government, await screen.findByRole('option', { name: 'Giza' }));
    expect(
      within(government)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a government', 'Alexandria', 'Cairo', 'Giza']);
    expect(screen.getByTestId('values')).toHaveTextContent('Egypt|Giza');

    // Another country resets the government and brings its own list.
    await userEvent.selectOptions(country, 'Jordan');
    expect(screen.getByTestId('values')).toHaveTextContent('Jordan|');
    expect(government).toHaveValue('');
    await screen.findByRole('option', { name: 'Amman' });
    expect(screen.queryByRole('option', { name: 'Cairo' })).not.toBeInTheDocument();

    // Back to Egypt: its governments are already known, so nothing is asked again.
    await userEvent.selectOptions(country, 'Egypt');
    expect(screen.getByRole('option', { name: 'Cairo' })).toBeInTheDocument();
    expect(calls).toEqual(['/api/geo/countries', '/api/geo/countries/EG/states', '/api/geo/countries/JO/states']);
  });

  it('names the countries and Egypt’s governments in Arabic, in Arabic order, and still sends the English names', async () => {
    await showArabic();
    try {
      renderWithProviders(<Form />);
      const country = screen.getByLabelText('الدولة');
      await screen.findByRole('option', { name: 'مصر' });
      expect(
        within(country)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['اختر الدولة', 'الأردن', 'المملكة العربية السعودية', 'أنتاركتيكا', 'مصر']);
      await userEvent.selectOptions(country, 'مصر');
      const government = screen.getByLabelText('المحافظة');
      await userEvent.selectOptions(government, await screen.findByRole('option', { name: 'الجيزة' }));
      expect(
        within(government)
          .getAllByRole('option')
          .map((o) => o.textContent)
          .slice(1),
      ).toEqual(['الإسكندرية', 'الجيزة', 'القاهرة']);
      expect(screen.getByTestId('values')).toHaveTextContent('Egypt|Giza');
      // A country whose governments have no Arabic names here keeps the data set's names.
      await userEvent.selectOptions(country, 'الأردن');
      expect(await screen.findByRole('option', { name: 'Amman' })).toBeInTheDocument();
    } finally {
      await showEnglish();
    }
  });

  it('shows a stored country and government at once and loads that country’s governments', async () => {
    const calls = countCalls();
    renderWithProviders(<Form start={{ country: 'Egypt', government: 'Giza' }} />);
    expect(screen.getByLabelText('Country')).toHaveValue('Egypt');
    expect(screen.getByLabelText('Government')).toHaveValue('Giza');
    await screen.findByRole('option', { name: 'Alexandria' });
    expect(screen.getByLabelText('Country')).toHaveValue('Egypt');
    expect(screen.getByLabelText('Government')).toHaveValue('Giza');
    expect(within(screen.getByLabelText('Country')).getAllByRole('option', { name: 'Egypt' })).toHaveLength(1);
    expect(calls).toEqual(['/api/geo/countries', '/api/geo/countries/EG/states']);
  });

  it('asks for the countries once however many forms show them', async () => {
    const calls = countCalls();
    renderWithProviders(<Form twice />);
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Egypt' })).toHaveLength(2));
    expect(calls).toEqual(['/api/geo/countries']);
  });

  it("shows the server's message when the countries cannot be loaded, and tries again on request", async () => {
    let fail = true;
    server.use(
      http.get('/api/geo/countries', () =>
        fail ? HttpResponse.json({ message: 'The countries are not available' }, { status: 503 }) : HttpResponse.json({ countries: testCountries }),
      ),
    );
    renderWithProviders(<Form />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The countries are not available');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('option', { name: 'Egypt' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the governments cannot be loaded, and tries again on request', async () => {
    let fail = true;
    server.use(
      http.get('/api/geo/countries/:code/states', () =>
        fail
          ? HttpResponse.json({ message: 'The governments are not available' }, { status: 503 })
          : HttpResponse.json({ states: [{ code: 'AM', name: 'Amman' }] }),
      ),
    );
    renderWithProviders(<Form />);
    await userEvent.selectOptions(screen.getByLabelText('Country'), await screen.findByRole('option', { name: 'Jordan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The governments are not available');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.selectOptions(screen.getByLabelText('Government'), await screen.findByRole('option', { name: 'Amman' }));
    expect(screen.getByTestId('values')).toHaveTextContent('Jordan|Amman');
  });
});
