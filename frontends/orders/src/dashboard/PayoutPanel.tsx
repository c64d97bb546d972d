import { type PayoutAccountStatus } from '@loadout/contracts';
import { Badge, type BadgeTone, Button, Card, ErrorPanel, FactsList, Skeleton } from '@loadout/ui';
import { newIdempotencyKey, usePayoutAccount, useStartPayoutOnboarding } from '@loadout/web';
import { toast } from 'sonner';
import { TEST_MODE_TEXT, money } from '../shared/order-format';

const STATUS: Record<PayoutAccountStatus, { label: string; tone: BadgeTone; text: string }> = {
  not_started: {
    label: 'Not set up',
    tone: 'warning',
    text: 'Set up payouts to receive the money owed to you. You can sell before that; nothing is paid out until payouts are set up.',
  },
  pending: {
    label: 'Being verified',
    tone: 'info',
    text: 'Your payout details are being checked; nothing is paid out until they are. Continue the set-up if anything is missing.',
  },
  complete: {
    label: 'Ready',
    tone: 'success',
    text: 'Released money is paid out to your bank account.',
  },
};

/**
 * The seller's money: held in escrow, released ("owed to you" until payouts are set up, since
 * nothing is transferred before), and the payout account's status.
 */
export function PayoutPanel() {
  const account = usePayoutAccount();
  const onboard = useStartPayoutOnboarding();

  const start = () =>
    onboard.mutate(
      { idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: ({ url, account: next }) => {
          if (url) window.location.assign(url);
          else if (next.status === 'complete')
            toast.success('Payouts are set up', {
              description: 'Released money is paid out to you.',
            });
        },
        onError: (error) =>
          toast.error('Payouts could not be set up', { description: error.message }),
      },
    );

  const payoutsReady = account.data?.status === 'complete';
  const released = account.data?.releasedCents ?? 0;

  return (
    <Card as="section" className="or-payouts" aria-labelledby="or-payouts-title">
      <h2 id="or-payouts-title">Your money</h2>
      {account.isPending ? (
        <div role="status" aria-label="Loading your money">
          <Skeleton width="100%" height="5rem" shape="rect" />
        </div>
      ) : account.isError ? (
        <ErrorPanel
          headingLevel={3}
          title="Your money could not be loaded"
          message={account.error.message}
          onRetry={() => void account.refetch()}
          retrying={account.isFetching}
        />
      ) : (
        <>
          <FactsList
            layout="table"
            aria-label="Money totals"
            facts={[
              { term: 'Held in escrow', value: money(account.data.heldCents ?? 0) },
              {
                // Nothing is transferred before payouts are set up (the transfer job waits for
                // a complete account): until then the released money is owed, not paid out.
                term: payoutsReady ? 'Released to you' : 'Owed to you',
                value: money(released),
                strong: true,
              },
            ]}
          />
          {!payoutsReady && released > 0 ? (
            <p className="or-payouts__waiting">
              {money(released)} owed to you, paid out once payouts are set up.
            </p>
          ) : null}
          <p className="or-payouts__status">
            Payouts:{' '}
            <Badge tone={STATUS[account.data.status].tone}>
              {STATUS[account.data.status].label}
            </Badge>
          </p>
          <p className="lo-muted lo-small">{STATUS[account.data.status].text}</p>
          {account.data.provider === 'simulated' ? (
            <p className="lo-muted lo-small">{TEST_MODE_TEXT}</p>
          ) : null}
          {account.data.status !== 'complete' ? (
            <Button onClick={start} loading={onboard.isPending}>
              {account.data.status === 'pending' ? 'Continue payout set-up' : 'Set up payouts'}
            </Button>
          ) : null}
        </>
      )}
    </Card>
  );
}
