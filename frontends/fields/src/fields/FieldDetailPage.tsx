import {
  Badge,
  Card,
  CardGrid,
  EmptyState,
  FactsList,
  ErrorPanel,
  Skeleton,
  buttonClassName,
} from '@loadout/ui';
import {
  formatShortDate,
  isApiError,
  truncateDescription,
  useField,
  usePageMeta,
  Link,
  useParams,
} from '@loadout/web';
import {
  GAME_TYPE_LABELS,
  formatJoules,
  formatOpeningDays,
  safeWebsite,
  telHref,
} from './field-format';
import { type Field } from './field.types';

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
          <FactsList
            facts={[
              { term: 'County', value: `Co. ${field.county}` },
              {
                term: 'Address',
                value: (
                  <>
                    {field.address}
                    {field.eircode ? (
                      <>
                        <br />
                        Eircode {field.eircode}
                      </>
                    ) : null}
                  </>
                ),
              },
              {
                term: 'Game types',
                value:
                  field.gameTypes.length > 0
                    ? field.gameTypes.map((t) => GAME_TYPE_LABELS[t]).join(', ')
                    : 'Not stated',
              },
              { term: 'Opening days', value: formatOpeningDays(field.openingDays) },
              { term: 'Rental gear', value: field.rentalAvailable ? 'Available' : 'Not available' },
              { term: 'Minimum age', value: `${field.minimumAge}+` },
            ]}
          />
        </Card>

        <Card as="section" aria-labelledby="field-limits">
          <h2 id="field-limits">Power limits</h2>
          <FactsList
            facts={[
              { term: 'AEG and gas rifles', value: formatJoules(field.limits.aegJoules) },
              { term: 'DMR', value: formatJoules(field.limits.dmrJoules) },
              { term: 'Sniper', value: formatJoules(field.limits.sniperJoules) },
            ]}
          />
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
