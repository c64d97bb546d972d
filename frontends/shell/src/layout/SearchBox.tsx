import { type SearchSuggestion } from '@loadout/contracts';
import { suggestionPath, useSearchSuggestions, useLocation, useNavigate } from '@loadout/web';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { SearchIcon } from './icons';

/** The marketplace search for a query: trimmed text, or null when there is nothing to search. */
export function marketplaceSearchPath(text: string): string | null {
  const query = text.trim();
  return query ? `/marketplace?search=${encodeURIComponent(query)}` : null;
}

const KIND_LABELS: Record<SearchSuggestion['kind'], string> = {
  model: 'Model',
  brand: 'Brand',
  category: 'Category',
};

/**
 * The header search, with suggestions as you type (ARIA 1.2 combobox with a listbox popup):
 * arrows move through the suggestions (focus stays in the box, the active one is named by
 * `aria-activedescendant`), Enter chooses the active suggestion or searches the text, Escape
 * closes the list, and a polite status says how many suggestions there are.
 */
export function SearchBox() {
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  // Open while the user is typing in the box; closed by Escape, a choice, a search or blur.
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const location = useLocation();
  const { items } = useSearchSuggestions(text, open);

  // On the results pages the box shows the search being looked at (and clears with it):
  // state adjusted while rendering when the URL's search changes, not in an effect.
  const onResults = location.pathname === '/marketplace' || location.pathname === '/search';
  const urlSearch = onResults ? (new URLSearchParams(location.search).get('search') ?? '') : null;
  const [shownSearch, setShownSearch] = useState<string | null>(null);
  if (urlSearch !== shownSearch) {
    setShownSearch(urlSearch);
    if (urlSearch !== null) setText(urlSearch);
  }

  const expanded = open && items.length > 0;
  const activeIndex = expanded && active < items.length ? active : -1;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (suggestion: SearchSuggestion) => {
    close();
    if (suggestion.kind !== 'category') setText(suggestion.search ?? suggestion.label);
    void navigate(suggestionPath(suggestion));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = activeIndex >= 0 ? items[activeIndex] : undefined;
    if (chosen) return choose(chosen);
    close();
    const path = marketplaceSearchPath(text);
    if (path) void navigate(path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) =>
        i < 0 && step < 0 ? items.length - 1 : (i + step + items.length) % items.length,
      );
    } else if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      close();
    }
  };

  return (
    <form role="search" className="shell-search" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="lo-visually-hidden">
        Search listings
      </label>
      <div className="shell-search__field">
        <input
          id={inputId}
          type="search"
          name="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          className="lo-input shell-search__input"
          placeholder="Search airsoft gear…"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Search suggestions"
          className="shell-search__suggestions"
          hidden={!expanded}
        >
          {expanded &&
            items.map((item, i) => (
              // Keys are handled by the combobox input (focus never leaves it; the active
              // option is aria-activedescendant), so the option itself only takes clicks.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={`${item.kind}:${item.label}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === activeIndex}
                className="shell-search__suggestion"
                // Keep focus in the box: the click chooses, blur must not close first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(item)}
              >
                <span>{item.label}</span>
                <span className="shell-search__suggestion-kind">{KIND_LABELS[item.kind]}</span>
              </li>
            ))}
        </ul>
        <span role="status" aria-live="polite" className="lo-visually-hidden">
          {expanded
            ? `${items.length} suggestion${items.length === 1 ? '' : 's'}, use the arrow keys to choose`
            : ''}
        </span>
      </div>
      <button type="submit" className="shell-search__button">
        <SearchIcon />
        <span className="lo-visually-hidden">Search</span>
      </button>
    </form>
  );
}
