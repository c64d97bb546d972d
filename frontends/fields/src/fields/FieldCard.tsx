import { Badge, Card } from '@loadout/ui';
import { truncateDescription, Link } from '@loadout/web';
import { GAME_TYPE_LABELS, formatJoules } from './field-format';
import { type Field } from './field.types';

export function FieldCard({ field }: { field: Field }) {
  return (
    <Card as="article" className="field-card">
      <div className="field-card__head">
        <h3 className="field-card__title">
          <Link to={`/field/${encodeURIComponent(field.id)}`}>{field.name}</Link>
        </h3>
        {field.isExample ? (
          <Badge tone="warning" className="field-example">
            Example
          </Badge>
        ) : null}
      </div>
      <p className="field-card__meta">
        <span>Co. {field.county}</span>
        <span aria-hidden="true"> · </span>
        <span>{field.minimumAge}+</span>
        {field.rentalAvailable ? (
          <>
            <span aria-hidden="true"> · </span>
            <span>Rental available</span>
          </>
        ) : null}
      </p>
      {field.gameTypes.length > 0 ? (
        <ul className="field-tags" aria-label="Game types">
          {field.gameTypes.map((type) => (
            <li key={type}>
              <Badge>{GAME_TYPE_LABELS[type]}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="field-card__desc">{truncateDescription(field.description)}</p>
      <p className="field-card__limit">AEG limit: {formatJoules(field.limits.aegJoules)}</p>
    </Card>
  );
}
