import { Skeleton } from '@loadout/ui';

/** The sign-in form's shape while it cannot be shown yet (no layout shift when it arrives). */
export function SignInSkeleton() {
  return (
    <div role="status" aria-label="Loading sign in" className="account-form">
      <Skeleton width="30%" />
      <Skeleton width="100%" height="2.5rem" shape="rect" />
      <Skeleton width="30%" />
      <Skeleton width="100%" height="2.5rem" shape="rect" />
      <Skeleton width="100%" height="2.75rem" shape="rect" />
    </div>
  );
}
