import { requestReport } from '@loadout/web';

/** "Report listing": opens the shell's report dialog (DSA notice) about this listing. */
export function ReportListingButton({ listingId, title }: { listingId: string; title: string }) {
  return (
    <button
      type="button"
      className="mp-link-button"
      onClick={() => requestReport({ type: 'listing', id: listingId, label: title })}
    >
      Report listing
    </button>
  );
}
