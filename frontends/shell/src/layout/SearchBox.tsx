import { type FormEvent, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SearchIcon } from './icons';

/** The marketplace search for a query: trimmed text, or null when there is nothing to search. */
export function marketplaceSearchPath(text: string): string | null {
  const query = text.trim();
  return query ? `/marketplace?search=${encodeURIComponent(query)}` : null;
}

export function SearchBox() {
  const inputId = useId();
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const location = useLocation();

  // On the results pages the box shows the search being looked at (and clears with it):
  // state adjusted while rendering when the URL's search changes, not in an effect.
  const onResults = location.pathname === '/marketplace' || location.pathname === '/search';
  const urlSearch = onResults ? (new URLSearchParams(location.search).get('search') ?? '') : null;
  const [shownSearch, setShownSearch] = useState<string | null>(null);
  if (urlSearch !== shownSearch) {
    setShownSearch(urlSearch);
    if (urlSearch !== null) setText(urlSearch);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const path = marketplaceSearchPath(text);
    if (path) void navigate(path);
  };

  return (
    <form role="search" className="shell-search" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="lo-visually-hidden">
        Search listings
      </label>
      <input
        id={inputId}
        type="search"
        name="search"
        className="lo-input shell-search__input"
        placeholder="Search airsoft gear…"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="shell-search__button">
        <SearchIcon />
        <span className="lo-visually-hidden">Search</span>
      </button>
    </form>
  );
}
