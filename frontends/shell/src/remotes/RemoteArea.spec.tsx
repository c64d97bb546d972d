import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test-utils';
import { type RemoteLoadResult } from './remote-loader';
import { RemoteArea } from './RemoteArea';
import { type RemoteRoute } from './remote-routes';

jest.mock('./remote-loader', () => ({ loadRemoteRoutes: jest.fn() }));

const route: RemoteRoute = { path: '/fields', remote: 'fields', title: 'Field List' };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('RemoteArea', () => {
  it('shows a labelled spinner while loading, then the remote routes', async () => {
    const pending = deferred<RemoteLoadResult>();
    renderWithProviders(<RemoteArea route={route} load={() => pending.promise} />);
    expect(screen.getByRole('status', { name: 'Loading Field List' })).toBeInTheDocument();
    pending.resolve({ status: 'ready', Routes: () => <p>Fields remote</p> });
    expect(await screen.findByText('Fields remote')).toBeInTheDocument();
  });

  it('shows an error panel for this area and retries', async () => {
    const user = userEvent.setup();
    const load = jest
      .fn<Promise<RemoteLoadResult>, [string]>()
      .mockRejectedValueOnce(new Error('ScriptExternalLoadError'))
      .mockResolvedValueOnce({ status: 'ready', Routes: () => <p>Fields remote</p> });
    renderWithProviders(<RemoteArea route={route} load={load} />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This part of Loadout could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Fields remote')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says the area is not available yet when the manifest has no entry', async () => {
    renderWithProviders(
      <RemoteArea
        route={{ path: '/marketplace', remote: 'marketplace', title: 'Marketplace' }}
        load={() => Promise.resolve({ status: 'unavailable' })}
      />,
    );
    expect(
      await screen.findByRole('heading', { name: 'This part of Loadout is not available yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
