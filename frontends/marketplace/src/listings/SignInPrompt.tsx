import { Button, Dialog, buttonClassName } from '@loadout/ui';
import { useSession } from '@loadout/web';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

export const SIGN_IN_TEXTS = {
  title: 'Sign in to save favourites',
  description:
    'Favourites are kept on your Loadout account, so you can find them again on any device. Sign in, or register for free.',
  failed: 'Sign-in could not be started. Please try again.',
} as const;

/** Starts the sign-in and comes back to the current page; shows why when it cannot start. */
export function useSignIn() {
  const { login } = useSession();
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const signIn = () => {
    setFailure(null);
    login({ redirectTo: location.pathname + location.search }).catch((error: unknown) => {
      setFailure(error instanceof Error && error.message ? error.message : SIGN_IN_TEXTS.failed);
    });
  };
  return { signIn, failure };
}

export interface SignInPromptProps {
  open: boolean;
  onClose: () => void;
}

/** Shown when a signed-out visitor presses a favourite heart. */
export function SignInPrompt({ open, onClose }: SignInPromptProps) {
  const { signIn, failure } = useSignIn();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={SIGN_IN_TEXTS.title}
      description={SIGN_IN_TEXTS.description}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Not now
          </Button>
          <Link to="/auth?tab=signup" className={buttonClassName({ variant: 'secondary' })}>
            Register
          </Link>
          <Button onClick={signIn}>Sign in</Button>
        </>
      }
    >
      {failure ? (
        <p role="alert" className="mp-error-text">
          {failure}
        </p>
      ) : null}
    </Dialog>
  );
}
