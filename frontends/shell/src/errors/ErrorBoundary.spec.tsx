import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ErrorBoundary } from './ErrorBoundary';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('kaboom');
  return <p>Recovered</p>;
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    shouldThrow = true;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the seed texts, recovers with Try Again and reloads with Reload Page', async () => {
    const user = userEvent.setup();
    const onReload = jest.fn();
    render(
      <ErrorBoundary onReload={onReload}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText('An unexpected error occurred. You can try to recover or reload the page.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(onReload).toHaveBeenCalled();

    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Recovered')).toBeInTheDocument();
  });

  it('runs onReset (retrying the remote) before Try Again renders the area again', async () => {
    const user = userEvent.setup();
    const onReset = jest.fn(() => {
      shouldThrow = false;
    });
    render(
      <ErrorBoundary onReset={onReset}>
        <Fragile />
      </ErrorBoundary>,
    );
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Recovered')).toBeInTheDocument();
  });

  it('clears the error when the reset key changes', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [key, setKey] = useState('a');
      return (
        <>
          <button type="button" onClick={() => setKey('b')}>
            Navigate
          </button>
          <ErrorBoundary resetKey={key}>
            <Fragile />
          </ErrorBoundary>
        </>
      );
    }
    render(<Harness />);
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Navigate' }));
    expect(screen.getByText('Recovered')).toBeInTheDocument();
  });
});
