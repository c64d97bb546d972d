import { screen } from '@testing-library/react';
import { buildField, jsonResponse, renderRoutes } from '../test-utils';

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('FieldDetailPage', () => {
  it('shows every detail, with limits in joules and contact links', async () => {
    const field = buildField({
      id: 'f-1',
      name: 'Lough Rifles',
      county: 'Galway',
      limits: { aegJoules: 1, dmrJoules: 0.95, sniperJoules: null },
      isExample: true,
    });
    fetchMock.mockResolvedValue(jsonResponse(200, field));
    renderRoutes('/field/f-1');

    expect(screen.getByRole('status', { name: 'Loading field details' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lough Rifles' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/fields/f-1');
    expect(screen.getByText('Example')).toBeInTheDocument();
    expect(screen.getByText('Co. Galway')).toBeInTheDocument();
    expect(screen.getByText('1.00 J')).toBeInTheDocument();
    expect(screen.getByText('0.95 J')).toBeInTheDocument();
    expect(screen.getByText('Not stated')).toBeInTheDocument();
    expect(screen.getByText('Saturday, Sunday')).toBeInTheDocument();
    expect(screen.getByText('Woodland, CQB')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Visit the website/ })).toHaveAttribute(
      'href',
      'https://example.ie/',
    );
    expect(screen.getByRole('link', { name: 'Call +353 1 234 5678' })).toHaveAttribute(
      'href',
      'tel:+35312345678',
    );
    expect(document.title).toBe('Lough Rifles | Loadout');
  });

  it('shows the 404 message from the API', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(404, {
        code: 'FIELDS.NOT_FOUND',
        message: 'No playing field with id "nope".',
        requestId: 'r-404',
      }),
    );
    renderRoutes('/field/nope');
    expect(await screen.findByRole('heading', { name: 'Field not found' })).toBeInTheDocument();
    expect(screen.getByText('No playing field with id "nope".')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all playing fields' })).toHaveAttribute(
      'href',
      '/fields',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
