import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@loadout/web';
import { ACCEPTANCE_STORAGE_KEY, createAcceptanceRecord } from './acceptance';
import { AgeGate, DECLINE_URL } from './AgeGate';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

const LABELS = [
  'I confirm that I am 18 years of age or older',
  'I have read and agree to the Terms of Service',
  'I have read and agree to the Privacy Policy',
  /I understand that Loadout is a platform only/,
];

function setup({ stored, path = '/' }: { stored?: string; path?: string } = {}) {
  window.localStorage.clear();
  if (stored !== undefined) window.localStorage.setItem(ACCEPTANCE_STORAGE_KEY, stored);
  const leave = jest.fn();
  render(
    <MemoryRouter initialEntries={[path]}>
      <button type="button">Page behind</button>
      <AgeGate now={() => NOW} leave={leave} />
    </MemoryRouter>,
  );
  return { leave, user: userEvent.setup() };
}

describe('AgeGate', () => {
  it('blocks a first visit with a modal dialog', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Loadout' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByText('Page behind').closest('[inert]')).not.toBeNull();
    for (const label of LABELS)
      expect(screen.getByRole('checkbox', { name: label })).not.toBeChecked();
  });

  it('enables accept only when all four boxes are ticked, then stores the record', async () => {
    const { user } = setup();
    const accept = screen.getByRole('button', { name: 'I Accept All Terms & Conditions' });
    expect(accept).toBeDisabled();
    for (const label of LABELS.slice(0, 3)) {
      await user.click(screen.getByRole('checkbox', { name: label }));
    }
    expect(accept).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: LABELS[3] }));
    expect(accept).toBeEnabled();

    await user.click(accept);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(ACCEPTANCE_STORAGE_KEY)!)).toEqual({
      timestamp: NOW,
      version: '1.0',
      age: true,
      terms: true,
      privacy: true,
      liability: true,
    });
  });

  it('cannot be closed with Escape', async () => {
    const { user } = setup();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('opens the terms and privacy policy in a new tab', () => {
    setup();
    for (const [name, href] of [
      [/Read the Terms of Service/, '/terms'],
      [/Read the Privacy Policy/, '/privacy'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('declining removes the record and leaves for an external site', async () => {
    const stale = JSON.stringify(createAcceptanceRecord(NOW - 400 * DAY));
    const { user, leave } = setup({ stored: stale });
    await user.click(screen.getByRole('button', { name: 'I Do Not Accept' }));
    expect(window.localStorage.getItem(ACCEPTANCE_STORAGE_KEY)).toBeNull();
    expect(leave).toHaveBeenCalledWith(DECLINE_URL);
  });

  it('stays closed for a valid record', () => {
    setup({ stored: JSON.stringify(createAcceptanceRecord(NOW - 10 * DAY)) });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['an old record', JSON.stringify(createAcceptanceRecord(NOW - 365 * DAY))],
    ['an unparsable record', '{"timestamp":'],
    ['an incomplete record', JSON.stringify({ ...createAcceptanceRecord(NOW), privacy: false })],
  ])('shows the dialog for %s', (_case, stored) => {
    setup({ stored });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('lets the terms page be read without accepting', () => {
    setup({ path: '/terms' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
