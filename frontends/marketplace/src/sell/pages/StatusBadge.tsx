import { type ListingStatus } from '@loadout/contracts';
import { Badge, type BadgeTone } from '@loadout/ui';

const STATUS: Record<ListingStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  active: { label: 'Active', tone: 'success' },
  reserved: { label: 'Reserved', tone: 'warning' },
  sold: { label: 'Sold', tone: 'info' },
  removed: { label: 'Withdrawn', tone: 'danger' },
  hidden: { label: 'Hidden (account suspended)', tone: 'neutral' },
};

/** A listing's status; a removal with a moderator's reason reads "Removed by Loadout". */
export function StatusBadge({
  status,
  removalReason,
}: {
  status: ListingStatus;
  removalReason?: string | null;
}) {
  const { label, tone } = STATUS[status];
  return (
    <Badge tone={tone}>
      {status === 'removed' && removalReason ? 'Removed by Loadout' : label}
    </Badge>
  );
}
