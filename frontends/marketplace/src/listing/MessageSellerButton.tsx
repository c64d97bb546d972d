import { Button } from '@loadout/ui';
import { startConversation, useSession, useLocation, useNavigate } from '@loadout/web';
import { useState } from 'react';

export const MESSAGE_SELLER_FAILED = 'The conversation could not be opened. Please try again.';

/**
 * Opens (or reuses) the conversation with the seller about this listing, then goes to it.
 * A visitor is asked to sign in first and comes back here.
 */
export function MessageSellerButton({ listingId }: { listingId: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const open = async () => {
    setFailed(false);
    if (session.status !== 'signed-in') {
      await session.login({ redirectTo: location.pathname }).catch((error: unknown) => {
        console.error('Sign-in could not start', error);
      });
      return;
    }
    setBusy(true);
    try {
      const conversation = await startConversation({ listingId });
      void navigate(`/messages/${encodeURIComponent(conversation.id)}`);
    } catch (error) {
      // Seed §8: messaging failures are logged; the button offers another try.
      console.error('Opening the conversation failed', error);
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <>
      {/* Busy until the session is restored (ADR 0033), not "sign in" for a signed-in visitor. */}
      <Button
        variant="secondary"
        loading={busy || session.status === 'loading'}
        onClick={() => void open()}
      >
        Message seller
      </Button>
      {failed ? (
        <p role="alert" className="lo-field__error">
          {MESSAGE_SELLER_FAILED}
        </p>
      ) : null}
    </>
  );
}
