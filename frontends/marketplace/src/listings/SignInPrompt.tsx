import { Button, Dialog, buttonClassName } from '@loadout/ui';
import { useSignInPrompt, Link } from '@loadout/web';

export const SIGN_IN_TEXTS = {
  title: 'Sign in to save favourites',
  description:
    'Favourites are kept on your Loadout account, so you can find them again on any device. Sign in, or register for free.',
} as const;

export interface SignInPromptProps {
  open: boolean;
  onClose: () => void;
}

/** Shown when a signed-out visitor presses a favourite heart. */
export function SignInPrompt({ open, onClose }: SignInPromptProps) {
  const { signIn, problem } = useSignInPrompt();
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
          <Button onClick={() => void signIn()}>Sign in</Button>
        </>
      }
    >
      {problem ? (
        <p role="alert" className="mp-error-text">
          {problem}
        </p>
      ) : null}
    </Dialog>
  );
}
