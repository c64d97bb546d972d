import { Button } from '@loadout/ui';

/** Keyset pages: the next page by the API's cursor, or back to the first. */
export function KeysetPager({
  cursor,
  nextCursor,
  onPage,
}: {
  cursor: string | undefined;
  nextCursor: string | null | undefined;
  onPage: (cursor: string | undefined) => void;
}) {
  if (!cursor && !nextCursor) return null;
  return (
    <nav aria-label="Pages" className="admin-pager">
      <Button variant="secondary" size="sm" disabled={!cursor} onClick={() => onPage(undefined)}>
        First page
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={!nextCursor}
        onClick={() => onPage(nextCursor ?? undefined)}
      >
        Next page
      </Button>
    </nav>
  );
}
