import { http, HttpResponse } from 'msw';

/** A few countries and governments shaped like GET /api/geo/... answers (the server leaves Israel out). */
export const testCountries = [
  { code: 'EG', name: 'Egypt' },
  { code: 'JO', name: 'Jordan' },
  { code: 'SA', name: 'Saudi Arabia' },
  { code: 'AQ', name: 'Antarctica' },
];

export const testStates: Record<string, Array<{ code: string; name: string }>> = {
  EG: [
    { code: 'ALX', name: 'Alexandria' },
    { code: 'C', name: 'Cairo' },
    { code: 'GZ', name: 'Giza' },
  ],
  JO: [
    { code: 'AM', name: 'Amman' },
    { code: 'IR', name: 'Irbid' },
  ],
  SA: [{ code: '01', name: 'Riyadh' }],
  AQ: [],
};

/** The geo endpoints as the server answers them. */
export const geoHandlers = [
  http.get('/api/geo/countries', () => HttpResponse.json({ countries: testCountries })),
  http.get('/api/geo/countries/:code/states', ({ params }) => {
    const states = testStates[String(params.code)];
    return states ? HttpResponse.json({ states }) : HttpResponse.json({ message: `There is no country with the code ${String(params.code)}` }, { status: 404 });
  }),
];
