import { type CaseDto } from '@loadout/contracts';
import { Card, FactsList } from '@loadout/ui';
import { Link, formatShortDate, useCase, useParams, useSession } from '@loadout/web';
import {
  ACTION_LABELS,
  REASON_LABELS,
  STATUS_LABELS,
  SUBJECT_LABELS,
  formatAge,
  subjectPath,
} from '../admin-format';
import { AdminLayout } from '../layout/AdminLayout';
import { QueryState } from '../layout/QueryState';
import { DecisionForm } from './DecisionForm';

function CaseDetails({ kase, adminId }: { kase: CaseDto; adminId: string | null }) {
  const path = subjectPath(kase.subjectType, kase.subjectId);
  const firstDecider = kase.decisions.find((d) => d.kind === 'decision')?.decidedBy;
  return (
    <div className="admin-case">
      <Card as="section" aria-labelledby="case-subject">
        <h2 id="case-subject">
          {SUBJECT_LABELS[kase.subjectType]}{' '}
          {path ? <Link to={path}>{kase.subjectId}</Link> : kase.subjectId}
        </h2>
        <FactsList
          facts={[
            { term: 'Status', value: STATUS_LABELS[kase.status] },
            { term: 'Waiting', value: formatAge(kase.ageSeconds) },
            { term: 'Reports', value: String(kase.reportCount) },
            { term: 'Affected user', value: kase.affectedUserId ?? 'Not known' },
            kase.conversationId ? { term: 'Conversation', value: kase.conversationId } : null,
          ]}
        />
      </Card>
      <Card as="section" aria-labelledby="case-reports">
        <h2 id="case-reports">Reports</h2>
        <ol className="admin-list">
          {kase.reports.map((r) => (
            <li key={r.id}>
              <p>
                <strong>{REASON_LABELS[r.reason]}</strong> · {r.reference} ·{' '}
                {formatShortDate(r.createdAt)} · {r.reporterId ?? r.reporterEmail}
              </p>
              <p className="admin-quote">{r.details}</p>
            </li>
          ))}
        </ol>
      </Card>
      {kase.decisions.length > 0 ? (
        <Card as="section" aria-labelledby="case-decisions">
          <h2 id="case-decisions">Decisions</h2>
          <ol className="admin-list">
            {kase.decisions.map((d) => (
              <li key={d.id}>
                <p>
                  <strong>{ACTION_LABELS[d.action]}</strong> by {d.decidedBy},{' '}
                  {formatShortDate(d.createdAt)}
                </p>
                <p>Facts: {d.statement.facts}</p>
                <p>
                  Ground ({d.statement.groundType === 'law' ? 'law' : 'terms'}):{' '}
                  {d.statement.ground}
                </p>
              </li>
            ))}
          </ol>
          {kase.appeal ? (
            <p>
              <strong>Appeal</strong> by {kase.appeal.appellantId}: {kase.appeal.statement}
            </p>
          ) : null}
        </Card>
      ) : null}
      {kase.status === 'open' ? (
        <Card as="section" aria-labelledby="case-decide">
          <h2 id="case-decide">Decide</h2>
          <DecisionForm kase={kase} appeal={false} />
        </Card>
      ) : kase.status === 'appealed' ? (
        <Card as="section" aria-labelledby="case-decide">
          <h2 id="case-decide">Decide the appeal</h2>
          {firstDecider === adminId ? (
            <p>You took the first decision: a different administrator decides the appeal.</p>
          ) : (
            <DecisionForm kase={kase} appeal />
          )}
        </Card>
      ) : null}
    </div>
  );
}

/** `/admin/cases/:id`: one case, its reports, its decisions, and the decision form. */
export function CasePage() {
  const { id = '' } = useParams();
  const kase = useCase(id);
  const session = useSession();
  const adminId = session.status === 'signed-in' ? session.user.id : null;
  return (
    <AdminLayout title="Case" description="A reported item and its decision.">
      <p>
        <Link to="/admin/cases">Back to the queue</Link>
      </p>
      <QueryState query={kase} label="case">
        {(data) => <CaseDetails kase={data} adminId={adminId} />}
      </QueryState>
    </AdminLayout>
  );
}
