import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { FieldsRoutes } from './routes';
import { type Field } from './fields/field.types';

export function renderRoutes(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <FieldsRoutes />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

export function jsonResponse(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: () => null },
    text: () => Promise.resolve(text),
  } as unknown as Response;
}

let seq = 0;

/** Test data factory for a playing field. */
export function buildField(overrides: Partial<Field> = {}): Field {
  seq += 1;
  return {
    id: `field-${seq}`,
    name: `Test Field ${seq}`,
    county: 'Dublin',
    address: '1 Example Road, Dublin',
    eircode: 'D01 X2Y3',
    latitude: 53.35,
    longitude: -6.26,
    website: 'https://example.ie',
    phone: '+353 1 234 5678',
    description: 'A woodland site with bunkers and a village.',
    gameTypes: ['woodland', 'cqb'],
    limits: { aegJoules: 1, dmrJoules: null, sniperJoules: null },
    openingDays: ['sunday', 'saturday'],
    rentalAvailable: true,
    minimumAge: 18,
    isExample: false,
    createdAt: '2025-01-01T10:00:00Z',
    updatedAt: '2025-03-05T10:00:00Z',
    ...overrides,
  };
}
