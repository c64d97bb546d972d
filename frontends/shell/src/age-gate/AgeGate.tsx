import { Button, Checkbox, Dialog } from '@loadout/ui';
import { useState } from 'react';
import { useLocation } from '@loadout/web';
import { AGE_GATE_EXEMPT_PATHS } from '../legal/legal-content';
import {
  type AcceptanceChecks,
  allChecked,
  clearAcceptance,
  hasValidAcceptance,
  storeAcceptance,
} from './acceptance';

/** Where a visitor who does not accept is sent (seed §2: an external search site). */
export const DECLINE_URL = 'https://www.google.com';

export interface AgeGateProps {
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now?: () => number;
  /** Leaves the site; injectable for tests. */
  leave?: (url: string) => void;
}

const NONE_CHECKED: AcceptanceChecks = {
  age: false,
  terms: false,
  privacy: false,
  liability: false,
};

function safeLocalStorage(): AgeGateProps['storage'] {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function NewTabLink({ to, children }: { to: string; children: string }) {
  return (
    <a href={to} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="lo-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * Seed §2/§4 age and legal acceptance: a blocking dialog (no Escape, no backdrop close) until
 * all four boxes are ticked and accepted. The legal pages stay readable without it.
 */
export function AgeGate({
  storage = safeLocalStorage(),
  now = Date.now,
  leave = (url) => window.location.assign(url),
}: AgeGateProps) {
  const { pathname } = useLocation();
  const [accepted, setAccepted] = useState(() =>
    storage ? hasValidAcceptance(storage, now()) : false,
  );
  const [checks, setChecks] = useState<AcceptanceChecks>(NONE_CHECKED);

  const open = !accepted && !AGE_GATE_EXEMPT_PATHS.has(pathname);
  const toggle = (key: keyof AcceptanceChecks) => (event: { target: { checked: boolean } }) =>
    setChecks((current) => ({ ...current, [key]: event.target.checked }));

  const accept = () => {
    if (!allChecked(checks)) return;
    if (storage) storeAcceptance(storage, now());
    setAccepted(true);
  };

  const decline = () => {
    if (storage) clearAcceptance(storage);
    setChecks(NONE_CHECKED);
    leave(DECLINE_URL);
  };

  return (
    <Dialog
      open={open}
      size="md"
      className="age-gate"
      title="Welcome to Loadout"
      description="Loadout is an airsoft marketplace for adults in Ireland. Before you continue, please confirm each of the following."
      footer={
        <>
          <Button variant="secondary" onClick={decline}>
            I Do Not Accept
          </Button>
          <Button onClick={accept} disabled={!allChecked(checks)}>
            I Accept All Terms &amp; Conditions
          </Button>
        </>
      }
    >
      <Checkbox
        label="I confirm that I am 18 years of age or older"
        checked={checks.age}
        onChange={toggle('age')}
      />
      <Checkbox
        label="I have read and agree to the Terms of Service"
        hint={<NewTabLink to="/terms">Read the Terms of Service</NewTabLink>}
        checked={checks.terms}
        onChange={toggle('terms')}
      />
      <Checkbox
        label="I have read and agree to the Privacy Policy"
        hint={<NewTabLink to="/privacy">Read the Privacy Policy</NewTabLink>}
        checked={checks.privacy}
        onChange={toggle('privacy')}
      />
      <Checkbox
        label="I understand that Loadout is a platform only and does not own, sell or warrant listed items, and I accept responsibility for buying, owning and using airsoft equipment lawfully and safely"
        checked={checks.liability}
        onChange={toggle('liability')}
      />
    </Dialog>
  );
}
