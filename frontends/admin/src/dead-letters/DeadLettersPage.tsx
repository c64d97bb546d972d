import { type DeadLetterSourceDto } from '@loadout/contracts';
import { Badge, Button, ConfirmDialog, EmptyState } from '@loadout/ui';
import {
  type DeadLetterRef,
  relativeTime,
  useDeadLetters,
  useDiscardDeadLetter,
  useReplayDeadLetter,
} from '@loadout/web';
import { useState } from 'react';
import { toast } from 'sonner';
import { AdminLayout } from '../layout/AdminLayout';
import { AdminTable } from '../layout/AdminTable';
import { QueryState } from '../layout/QueryState';
import { ParkedJobsSection } from './ParkedJobsSection';
import { failedTo } from '../layout/failure-toast';

const DEAD_LETTER_COLUMNS = ['Event', 'Consumer', 'Error', 'Attempts', 'When', 'Actions'];

function Source({
  source,
  onDiscard,
}: {
  source: DeadLetterSourceDto;
  onDiscard: (ref: DeadLetterRef) => void;
}) {
  const replay = useReplayDeadLetter();
  return (
    <section className="admin-source" aria-labelledby={`dl-${source.service}`}>
      <h2 id={`dl-${source.service}`}>
        {source.service}{' '}
        {source.status === 'ok' ? (
          <Badge tone={source.items.length ? 'warning' : 'success'}>{source.items.length}</Badge>
        ) : (
          <Badge tone="danger">unavailable</Badge>
        )}
      </h2>
      {source.items.length === 0 ? null : (
        <AdminTable caption={`Dead letters of ${source.service}`} columns={DEAD_LETTER_COLUMNS}>
          {source.items.map((d) => {
            const ref = { service: source.service, consumer: d.consumer, eventId: d.eventId };
            return (
              <tr key={`${d.consumer}/${d.eventId}`}>
                <th scope="row">
                  {d.topic}
                  <br />
                  <code className="lo-small">{d.eventId}</code>
                </th>
                <td>{d.consumer}</td>
                <td className="admin-break">{d.error}</td>
                <td>{d.attempts}</td>
                <td>
                  <time dateTime={d.createdAt}>{relativeTime(d.createdAt)}</time>
                </td>
                <td className="admin-actions">
                  <Button
                    size="sm"
                    loading={replay.isPending && replay.variables?.eventId === d.eventId}
                    onClick={() =>
                      replay.mutate(ref, {
                        onSuccess: () => toast.success('Replayed', { description: d.topic }),
                        onError: failedTo('replay the event'),
                      })
                    }
                  >
                    Replay<span className="lo-visually-hidden"> {d.eventId}</span>
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => onDiscard(ref)}>
                    Discard<span className="lo-visually-hidden"> {d.eventId}</span>
                  </Button>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
    </section>
  );
}

/**
 * `/admin/dead-letters`: events a service's consumers gave up on, replayed or discarded; then
 * orders' parked jobs (the same kind of give-up, for its jobs).
 */
export function DeadLettersPage() {
  const letters = useDeadLetters();
  const discard = useDiscardDeadLetter();
  const [discarding, setDiscarding] = useState<DeadLetterRef | null>(null);
  return (
    <AdminLayout title="Dead letters" description="Events the services could not process.">
      <p className="lo-muted">
        Replay sends the event through its consumer again (processed once); discard drops it.
      </p>
      <QueryState query={letters} label="dead letters">
        {({ sources }) =>
          sources.every((s) => s.items.length === 0 && s.status === 'ok') ? (
            <EmptyState
              title="No dead letters"
              description="Every service processed every event."
            />
          ) : (
            sources.map((s) => <Source key={s.service} source={s} onDiscard={setDiscarding} />)
          )
        }
      </QueryState>
      <ParkedJobsSection />
      <ConfirmDialog
        open={discarding !== null}
        title="Discard this event?"
        description="It will not be processed. The audit log records who discarded it."
        confirmLabel="Discard"
        tone="danger"
        pending={discard.isPending}
        onCancel={() => setDiscarding(null)}
        onConfirm={() =>
          discarding &&
          discard.mutate(discarding, {
            onSuccess: () => setDiscarding(null),
            onError: failedTo('discard the event'),
          })
        }
      />
    </AdminLayout>
  );
}
