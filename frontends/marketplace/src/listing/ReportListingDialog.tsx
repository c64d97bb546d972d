import { Button, Dialog } from '@loadout/ui';
import { useState } from 'react';

export const SUPPORT_EMAIL = 'support@loadout.example';

/** "Report listing": a placeholder until moderation (notice and action) arrives. */
export function ReportListing({ listingId, title }: { listingId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const subject = encodeURIComponent(`Report listing ${listingId}: ${title}`);
  const body = encodeURIComponent(
    `Listing: ${window.location.origin}/listing/${listingId}\n\nWhat is wrong with it:\n`,
  );
  return (
    <>
      <button type="button" className="mp-link-button" onClick={() => setOpen(true)}>
        Report listing
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        size="sm"
        title="Report this listing"
        description="Reporting from the listing page arrives with moderation."
        footer={<Button onClick={() => setOpen(false)}>Close</Button>}
      >
        <p>
          Until then, if this listing breaks the law or our rules (for example a replica above 1
          joule, or a scam), email{' '}
          <a href={`mailto:${SUPPORT_EMAIL}?subject=${subject}&body=${body}`}>{SUPPORT_EMAIL}</a>{' '}
          with the listing&apos;s link and what is wrong. We confirm every report and tell you what
          we decided.
        </p>
      </Dialog>
    </>
  );
}
