import { type SearchSuggestion } from '@loadout/contracts';
import { SUGGESTION_DEBOUNCE_MS } from '@loadout/web';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '../test-utils';
import { SearchBox } from './SearchBox';

const HICAPA: SearchSuggestion = {
  kind: 'model',
  label: 'Hi-Capa',
  search: 'Hi-Capa',
  category: null,
};
const PISTOLS: SearchSuggestion = {
  kind: 'category',
  label: 'Pistols',
  search: null,
  category: 'pistols',
};
const MARUI: SearchSuggestion = {
  kind: 'brand',
  label: 'Tokyo Marui',
  search: 'Tokyo Marui',
  category: null,
};

/** Suggestions by the `q` asked for; records every `q`. */
function mockSuggestions(byPrefix: Record<string, SearchSuggestion[]>) {
  const asked: string[] = [];
  mockApi({
    '/api/v1/listings/suggestions': (_init: RequestInit | undefined, url: string) => {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      asked.push(q);
      const body = JSON.stringify({ items: byPrefix[q] ?? [] });
      return {
        ok: true,
        status: 200,
        headers: { get: () => null },
        text: () => Promise.resolve(body),
      } as unknown as Response;
    },
  });
  return asked;
}

function renderBox(path = '/') {
  renderWithProviders(<SearchBox />, { path });
  return {
    user: userEvent.setup(),
    box: screen.getByRole('combobox', { name: 'Search listings' }),
  };
}

describe('SearchBox suggestions', () => {
  it('is a collapsed combobox controlling a listbox until suggestions arrive', () => {
    mockSuggestions({});
    const { box } = renderBox();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box).toHaveAttribute('aria-controls', screen.getByRole('listbox', { hidden: true }).id);
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('shows model names and categories as you type, asking once typing pauses', async () => {
    const asked = mockSuggestions({ hica: [HICAPA], p: [PISTOLS] });
    const { user, box } = renderBox();
    await user.type(box, 'hica');
    const list = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect(within(list).getByRole('option', { name: /Hi-Capa/ })).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // Debounced: the half-typed prefixes were not all asked for.
    expect(asked).toContain('hica');
    expect(asked.length).toBeLessThan(4);
    expect(screen.getByRole('status')).toHaveTextContent('1 suggestion');
  });

  it('moves through suggestions with the arrow keys and chooses with Enter', async () => {
    mockSuggestions({ t: [MARUI, PISTOLS] });
    const { user, box } = renderBox();
    await user.type(box, 't');
    await screen.findByRole('option', { name: /Tokyo Marui/ });
    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: /Tokyo Marui/ });
    expect(box).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    const second = screen.getByRole('option', { name: /Pistols/ });
    expect(box).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{ArrowDown}'); // wraps to the first
    expect(box).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{ArrowUp}'); // and back to the last
    expect(box).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/marketplace?category=pistols');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveFocus();
  });

  it('searches for a chosen model and puts its name in the box', async () => {
    mockSuggestions({ hica: [HICAPA] });
    const { user, box } = renderBox();
    await user.type(box, 'hica');
    await user.click(await screen.findByRole('option', { name: /Hi-Capa/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/marketplace?search=Hi-Capa');
    expect(box).toHaveValue('Hi-Capa');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('closes with Escape and searches the typed text with Enter', async () => {
    mockSuggestions({ hica: [HICAPA] });
    const { user, box } = renderBox();
    await user.type(box, 'hica');
    await screen.findByRole('option', { name: /Hi-Capa/ });
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(box).toHaveValue('hica');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/marketplace?search=hica');
  });

  it('reopens with ArrowDown after Escape', async () => {
    mockSuggestions({ hica: [HICAPA] });
    const { user, box } = renderBox();
    await user.type(box, 'hica');
    await screen.findByRole('option', { name: /Hi-Capa/ });
    await user.keyboard('{Escape}{ArrowDown}');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
  });

  it('asks nothing for blank text and closes when the box loses focus', async () => {
    const asked = mockSuggestions({ hica: [HICAPA] });
    const { user, box } = renderBox();
    await user.type(box, '   ');
    await act(() => new Promise((r) => setTimeout(r, SUGGESTION_DEBOUNCE_MS + 50)));
    expect(asked).toEqual([]);
    await user.clear(box);
    await user.type(box, 'hica');
    await screen.findByRole('option', { name: /Hi-Capa/ });
    await user.tab();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows no list when the suggestions cannot be loaded', async () => {
    mockApi({});
    const { user, box } = renderBox();
    await user.type(box, 'hica');
    await act(() => new Promise((r) => setTimeout(r, SUGGESTION_DEBOUNCE_MS + 50)));
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/marketplace?search=hica');
  });
});
