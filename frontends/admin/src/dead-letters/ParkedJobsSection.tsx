import { type ParkedJobDto } from '@loadout/contracts';
import { Badge, Button, ConfirmDialog } from '@loadout/ui';
import { relativeTime, useDiscardParkedJob, useParkedJobs, useRetryParkedJob } from '@loadout/web';
import { useState } from 'react';
import { toast } from 'sonner';
import { AdminTable } from '../layout/AdminTable';
import { QueryState } from '../layout/QueryState';
import { failedTo } from '../layout/failure-toast';

const COLUMNS = ['Job', 'Order', 'Error', 'Attempts', 'Parked', 'Actions'];

/**
 * Orders' jobs that exhausted their attempts (refunds, transfers, listing releases…; issue 23
 * scenario 7): retry runs one again, discard closes it after it was settled by hand.
 */
export function ParkedJobsSection() {
  const jobs = useParkedJobs();
  const retry = useRetryParkedJob();
  const discard = useDiscardParkedJob();
  const [discarding, setDiscarding] = useState<ParkedJobDto | null>(null);
  return (
    <section className="admin-source" aria-labelledby="parked-jobs">
      <QueryState query={jobs} label="parked jobs">
        {({ sources }) =>
          sources.map((source) => (
            <div key={source.service}>
              <h2 id="parked-jobs">
                Parked jobs of {source.service}{' '}
                {source.status === 'ok' ? (
                  <Badge tone={source.items.length ? 'warning' : 'success'}>
                    {source.items.length}
                  </Badge>
                ) : (
                  <Badge tone="danger">unavailable</Badge>
                )}
              </h2>
              {source.items.length === 0 ? null : (
                <AdminTable caption={`Parked jobs of ${source.service}`} columns={COLUMNS}>
                  {source.items.map((j) => (
                    <tr key={j.id}>
                      <th scope="row">
                        {j.kind}
                        <br />
                        <code className="lo-small">#{j.id}</code>
                      </th>
                      <td>
                        <code className="lo-small">{j.orderId}</code>
                      </td>
                      <td className="admin-break">{j.lastError}</td>
                      <td>{j.attempts}</td>
                      <td>
                        <time dateTime={j.parkedAt}>{relativeTime(j.parkedAt)}</time>
                      </td>
                      <td className="admin-actions">
                        <Button
                          size="sm"
                          loading={retry.isPending && retry.variables === j.id}
                          onClick={() =>
                            retry.mutate(j.id, {
                              onSuccess: () =>
                                toast.success('Retrying', { description: `${j.kind} #${j.id}` }),
                              onError: failedTo('retry the job'),
                            })
                          }
                        >
                          Retry<span className="lo-visually-hidden"> job {j.id}</span>
                        </Button>
                        <Button size="sm" variant="danger" onClick={() => setDiscarding(j)}>
                          Discard<span className="lo-visually-hidden"> job {j.id}</span>
                        </Button>
                      </td>
                    </tr>
                  ))}
                </AdminTable>
              )}
            </div>
          ))
        }
      </QueryState>
      <ConfirmDialog
        open={discarding !== null}
        title="Discard this job?"
        description="It will not run again and moves no money: settle it by hand first. The audit log records who discarded it."
        confirmLabel="Discard"
        tone="danger"
        pending={discard.isPending}
        onCancel={() => setDiscarding(null)}
        onConfirm={() =>
          discarding &&
          discard.mutate(discarding.id, {
            onSuccess: () => setDiscarding(null),
            onError: failedTo('discard the job'),
          })
        }
      />
    </section>
  );
}
