import {
  Badge,
  Card,
  CardGrid,
  EmptyState,
  ErrorPanel,
  Skeleton,
  buttonClassName,
} from '@loadout/ui';
import { formatShortDate, isApiError, truncateDescription, usePageMeta } from '@loadout/web';
import { Link, useParams } from 'react-router-dom';
import {
  GAME_TYPE_LABELS,
  formatJoules,
  formatOpeningDays,
  safeWebsite,
  telHref,
} from './field-format';
import { type Field } from './field.types';
import { useField } from './fields.hooks';

function BackLink() {
  return (
    <nav aria-label="Breadcrumb" className="fields-breadcrumb">
      <Link to="/fields">← All playing fields</Link>
    </nav>
  );
}

function FieldDetails({ field }: { field: Field }) {
  const website = safeWebsite(field.website);
  const hasLocation = field.latitude !== null && field.longitude !== null;
  return (
    <article className="field-detail">
      <header className="field-detail__head">
        <h1>{field.name}</h1>
        {field.isExample ? (
          <Badge tone="warning" className="field-example">
            Example
          </Badge>
        ) : null}
      </header>
      {field.isExample ? (
        <p className="field-detail__example-note">
          This is an example field used while Loadout is being set up. It is not a real venue.
        </p>
      ) : null}
      <p className="field-detail__desc">{field.description}</p>

      <CardGrid as="div" tracks="fit" minColumnWidth="280px" className="field-detail__grid">
        <Card as="section" aria-labelledby="field-about">
          <h2 id="field-about">About this field</h2>
          <dl className="field-facts">
            <div>
              <dt>County</dt>
              <dd>Co. {field.county}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>
                {field.address}
                {field.eircode ? (
                  <>
                    <br />
                    Eircode {field.eircode}
                  </>
                ) : null}
              </dd>
            </div>
            <div>
              <dt>Game types</dt>
              <dd>
                {field.gameTypes.length > 0
                  ? field.gameTypes.map((t) => GAME_TYPE_LABELS[t]).join(', ')
                  : 'Not stated'}
              </dd>
            </div>
            <div>
              <dt>Opening days</dt>
              <dd>{formatOpeningDays(field.openingDays)}</dd>
            </div>
            <div>
              <dt>Rental gear</dt>
              <dd>{field.rentalAvailable ? 'Available' : 'Not available'}</dd>
            </div>
            <div>
              <dt>Minimum age</dt>
              <dd>{field.minimumAge}+</dd>
            </div>
          </dl>
        </Card>

        <Card as="section" aria-labelledby="field-limits">
          <h2 id="field-limits">Power limits</h2>
          <dl className="field-facts">
            <div>
              <dt>AEG and gas rifles</dt>
              <dd>{formatJoules(field.limits.aegJoules)}</dd>
            </div>
            <div>
              <dt>DMR</dt>
              <dd>{formatJoules(field.limits.dmrJoules)}</dd>
            </div>
            <div>
              <dt>Sniper</dt>
              <dd>{formatJoules(field.limits.sniperJoules)}</dd>
            </div>
          </dl>
          <p className="field-detail__note">
            Irish law caps every replica at 1 joule, whatever a field allows.{' '}
            <Link to="/fps-calculator">Check a replica&apos;s muzzle energy</Link>.
          </p>
        </Card>

        <Card as="section" aria-labelledby="field-contact">
          <h2 id="field-contact">Contact</h2>
          <ul className="field-contact">
            {website ? (
              <li>
                <a href={website} target="_blank" rel="noopener noreferrer">
                  Visit the website<span className="lo-visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
            {field.phone ? (
              <li>
                <a href={telHref(field.phone)}>Call {field.phone}</a>
              </li>
            ) : null}
            {hasLocation ? (
              <li>
                <a
                  href={`https://www.openstreetmap.org/?mlat=${field.latitude}&mlon=${field.longitude}#map=15/${field.latitude}/${field.longitude}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Show on a map<span className="lo-visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
            {!website && !field.phone && !hasLocation ? <li>No contact details listed.</li> : null}
          </ul>
        </Card>
      </CardGrid>
      <p className="field-detail__updated">Last updated {formatShortDate(field.updatedAt)}.</p>
    </article>
  );
}

export function FieldDetailPage() {
  const { id = '' } = useParams();
  const field = useField(id);
  const notFound = field.isError && isApiError(field.error) && field.error.status === 404;

  usePageMeta(
    field.data?.name ?? (notFound ? 'Field not found' : 'Playing field'),
    field.data
      ? truncateDescription(
          `${field.data.name}, Co. ${field.data.county}: ${field.data.description}`,
        )
      : 'Airsoft playing field details on Loadout.',
  );

  return (
    <div className="lo-container fields-page">
      <BackLink />
      {field.isPending ? (
        <div role="status" aria-label="Loading field details" className="field-detail">
          <Skeleton width="60%" height="2.2rem" />
          <Skeleton width="90%" />
          <Skeleton width="80%" />
          <Skeleton width="100%" height="12rem" shape="rect" />
        </div>
      ) : notFound ? (
        <EmptyState
          headingLevel={2}
          title="Field not found"
          description={field.error.message}
          action={
            <Link to="/fields" className={buttonClassName({ variant: 'secondary' })}>
              See all playing fields
            </Link>
          }
        />
      ) : field.isError ? (
        <ErrorPanel
          title="This field could not be loaded"
          message={field.error.message}
          reference={isApiError(field.error) ? field.error.requestId || undefined : undefined}
          onRetry={() => void field.refetch()}
          retrying={field.isFetching}
        />
      ) : (
        <FieldDetails field={field.data} />
      )}
    </div>
  );
}
