import { screen } from '@testing-library/react';
import { useLocation } from '../router';

/** Shows the router's location, read back with `where()` (a plain div: no role to clash with). */
export function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

export const where = () => screen.getByTestId('where').textContent;
