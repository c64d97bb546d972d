import { OFF_PLATFORM_WARNING_TEXT } from '@loadout/contracts';

/** The thread's warning, on the bell item and toast of a message asking for payment elsewhere. */
export function OffPlatformWarning() {
  return (
    <span className="shell-notification__warning">
      <strong>Warning: </strong>
      {OFF_PLATFORM_WARNING_TEXT}
    </span>
  );
}
