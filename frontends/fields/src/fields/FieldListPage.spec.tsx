import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildField, jsonResponse, renderRoutes } from '../test-utils';

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const calledUrls = () => fetchMock.mock.calls.map(([url]) => url);

describe('FieldListPage', () => {
  it('lists fields, marks examples and loads more with the cursor', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(200, {
          items: [buildField({ name: 'Bravo Woods', isExample: true })],
          nextCursor: 'c2',
        }),
      )
      .mockResolvedValueOnce(
        jsonResponse(200, { items: [buildField({ name: 'Urban Ops' })], nextCursor: null }),
      );
    renderRoutes('/fields');

    expect(screen.getByRole('status', { name: 'Loading playing fields' })).toBeInTheDocument();
    const card = (await screen.findByRole('link', { name: 'Bravo Woods' })).closest('article')!;
    expect(within(card).getByText('Example')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Urban Ops' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calledUrls()).toEqual(['/api/v1/fields?limit=12', '/api/v1/fields?cursor=c2&limit=12']);
  });

  it('filters by county and game type through the URL', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(200, { items: [buildField()], nextCursor: null })),
    );
    renderRoutes('/fields?county=Cork');
    expect(await screen.findByRole('combobox', { name: 'County' })).toHaveValue('Cork');
    await screen.findByText(/Showing 1 field/);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Game type' }), 'cqb');
    expect(screen.getByTestId('where')).toHaveTextContent('/fields?county=Cork&gameType=cqb');
    await user.selectOptions(screen.getByRole('combobox', { name: 'County' }), '');
    expect(screen.getByTestId('where')).toHaveTextContent('/fields?gameType=cqb');

    expect(calledUrls()).toEqual([
      '/api/v1/fields?county=Cork&limit=12',
      '/api/v1/fields?county=Cork&gameType=cqb&limit=12',
      '/api/v1/fields?gameType=cqb&limit=12',
    ]);
  });

  it('ignores an unknown county in the URL', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { items: [], nextCursor: null }));
    renderRoutes('/fields?county=Atlantis');
    expect(await screen.findByText('No playing fields found')).toBeInTheDocument();
    expect(calledUrls()).toEqual(['/api/v1/fields?limit=12']);
  });

  it('shows an empty state for filters without results', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { items: [], nextCursor: null }));
    renderRoutes('/fields?county=Leitrim');
    expect(await screen.findByText('No playing fields found')).toBeInTheDocument();
    expect(screen.getByText(/Try another county or game type/)).toBeInTheDocument();
  });

  it('shows the API error with a retry', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(503, {
          code: 'FIELDS.UNAVAILABLE',
          message: 'The fields service is unavailable.',
          requestId: 'req-7',
        }),
      )
      .mockResolvedValueOnce(
        jsonResponse(200, { items: [buildField({ name: 'Back Again' })], nextCursor: null }),
      );
    renderRoutes('/fields');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The fields service is unavailable.');
    expect(alert).toHaveTextContent('Reference: req-7');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back Again' })).toBeInTheDocument();
  });
});
