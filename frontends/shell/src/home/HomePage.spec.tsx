import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../test-utils';
import { HomePage } from './HomePage';

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('HomePage', () => {
  it('shows the hero and the playing-field count as N+', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { count: 12 }));
    renderWithProviders(<HomePage />);
    expect(
      screen.getByRole('heading', { level: 1, name: "Loadout — Ireland's airsoft marketplace" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('status', { name: 'Loading the number of playing fields' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('12+')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/fields/stats');
    expect(document.title).toBe("Loadout — Ireland's airsoft marketplace");
  });

  it('shows an error with a retry when the count fails', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(503, { code: 'UNAVAILABLE', message: 'Down', requestId: 'r1' }),
      )
      .mockResolvedValueOnce(jsonResponse(200, { count: 3 }));
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The number of playing fields could not be loaded.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('3+')).toBeInTheDocument();
  });
});
