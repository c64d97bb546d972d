import '../sell.css';
import {
  CATEGORY_LABELS,
  CONDITION_LABELS,
  GEAR_CATEGORIES,
  IRISH_COUNTIES,
  isReplicaCategory,
  type ListingCategory,
  type ListingDto,
  LISTING_CONDITIONS,
  LISTING_LIMITS,
  REPLICA_CATEGORIES,
} from '@loadout/contracts';
import { jouleLimitMessage } from '@loadout/listing-rules';
import { Button, Checkbox, SelectField, TextAreaField, TextField, useForm } from '@loadout/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { type ImageUploads, useImageUploads } from '../upload/use-image-uploads';
import { GroupedSelectField } from './fields';
import { jouleReadout, type JouleReadout } from './joules';
import {
  emptyValues,
  fieldId,
  FORM_FIELDS,
  type FormErrors,
  type FormField,
  type ListingFormValues,
  type SaveIntent,
  validateForm,
  valuesFromListing,
} from './listing-form-values';
import { PhotoPicker } from './PhotoPicker';
import { type Action, SELL_TEXTS, useSaveListing } from './use-save-listing';

const CATEGORY_GROUPS = [
  {
    label: 'Replicas',
    options: REPLICA_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
  },
  { label: 'Gear', options: GEAR_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })) },
];
const CONDITION_OPTIONS = [
  { value: '', label: 'Choose the condition' },
  ...LISTING_CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] })),
];
const COUNTY_OPTIONS = [
  { value: '', label: 'Choose a county' },
  ...IRISH_COUNTIES.map((c) => ({ value: c, label: c })),
];

/** Which form fields a value feeds (their server errors clear when it changes). */
const FIELDS_OF_VALUE: Record<keyof ListingFormValues, FormField[]> = {
  title: ['title'],
  description: ['description'],
  category: ['category', 'fps', 'bbWeight'],
  condition: ['condition'],
  price: ['price'],
  county: ['county'],
  post: ['delivery', 'postage'],
  postage: ['postage', 'delivery'],
  collection: ['delivery'],
  fps: ['fps'],
  bbWeight: ['bbWeight', 'fps'],
};

function uploadProblem(photos: ImageUploads, intent: SaveIntent): string | undefined {
  if (photos.busy) return SELL_TEXTS.uploadsBusy;
  if (intent === 'publish' && photos.failed) return SELL_TEXTS.uploadsFailed;
  return undefined;
}

/** The form's checks for a save with `intent`, the photos' upload state included. */
function checkListing(values: ListingFormValues, photos: ImageUploads, intent: SaveIntent) {
  const checked = validateForm(values, photos.imageIds, intent);
  const problem = uploadProblem(photos, intent);
  return problem ? { ...checked, errors: { ...checked.errors, photos: problem } } : checked;
}

function joulesText(readout: JouleReadout | null): string {
  if (!readout) return 'Enter the measured velocity to see the muzzle energy.';
  const joules = readout.joules.toFixed(2);
  return readout.allowed
    ? `${joules} J — within the Irish 1 joule limit`
    : `${joules} J — over the Irish 1 joule limit`;
}

export interface ListingFormProps {
  /** The listing being edited; leave out for a new one. */
  listing?: ListingDto;
}

/**
 * The sell form, for a new listing or an existing one. Validation is live, with the same rules
 * (and words) as the server (`@loadout/listing-rules`); a field shows its error once left or
 * after a save attempt, the 1 joule refusal at once.
 */
export function ListingForm({ listing }: ListingFormProps) {
  const photos = useImageUploads({ initialImages: listing?.images });
  // The save that was last attempted: a draft is checked less strictly than a publish.
  const [attempted, setAttempted] = useState<SaveIntent | null>(null);
  const form = useForm<ListingFormValues, FormField>(
    () => (listing ? valuesFromListing(listing) : emptyValues()),
    // Before any save attempt, fields are checked as for publishing, photos not yet.
    (values) =>
      attempted
        ? checkListing(values, photos, attempted).errors
        : validateForm(values, photos.imageIds, 'publish').errors,
    { clears: FIELDS_OF_VALUE },
  );
  const { values } = form;
  const [formError, setFormError] = useState<{ message: string; reference?: string } | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ field: FormField; n: number } | null>(null);

  const isDraft = !listing || listing.status === 'draft';
  // An active listing must stay complete: saving it is checked like publishing.
  const saveIntent: SaveIntent = isDraft ? 'draft' : 'publish';
  const replica = isReplicaCategory(values.category);
  const readout = jouleReadout(values);
  const overLimit = readout !== null && !readout.allowed;

  // The 1 joule refusal shows at once, not only once the field is left.
  const errors: FormErrors = { ...form.errors };
  if (overLimit && !form.serverErrors.fps) errors.fps = jouleLimitMessage(readout.joules);

  useEffect(() => {
    if (focusRequest) document.getElementById(fieldId(focusRequest.field))?.focus();
  }, [focusRequest]);

  const focusFirst = (found: FormErrors) => {
    const first = FORM_FIELDS.find((field) => found[field]);
    if (first) setFocusRequest((previous) => ({ field: first, n: (previous?.n ?? 0) + 1 }));
  };

  const mutation = useSaveListing(listing, {
    onFieldErrors: (fields) => {
      form.setServerErrors(fields);
      focusFirst(fields);
    },
    onFormError: setFormError,
  });
  const pendingAction = mutation.isPending ? (mutation.variables?.action ?? null) : null;

  const submit = (action: Action) => {
    if (mutation.isPending) return;
    const intent = action === 'publish' ? 'publish' : saveIntent;
    setAttempted(intent);
    form.validate();
    form.setServerErrors({});
    setFormError(null);
    const { input, errors: found } = checkListing(values, photos, intent);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    mutation.mutate({ action, input });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(isDraft ? 'publish' : 'save');
  };

  const set = form.setValue;
  const touch = (field: FormField) => () => form.touch(field);
  const text = (name: 'title' | 'description' | 'price' | 'postage' | 'fps' | 'bbWeight') => ({
    ...form.field(name),
    id: fieldId(name),
    error: errors[name],
  });

  const titleLength = values.title.trim().length;
  const descriptionLength = values.description.trim().length;
  const busy = mutation.isPending;

  return (
    <form className="sell-form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <section className="sell-section" aria-labelledby="sell-photos-heading">
        <h2 id="sell-photos-heading" className="sell-section__title">
          Photos
        </h2>
        <PhotoPicker id={fieldId('photos')} photos={photos} error={errors.photos} />
      </section>

      <section className="sell-section" aria-labelledby="sell-details-heading">
        <h2 id="sell-details-heading" className="sell-section__title">
          Details
        </h2>
        <TextField
          {...text('title')}
          label="Title"
          autoComplete="off"
          hint={`${titleLength} / ${LISTING_LIMITS.titleMax} characters (at least ${LISTING_LIMITS.titleMin})`}
        />
        <TextAreaField
          {...text('description')}
          label="Description"
          size="tall"
          rows={6}
          hint={`${descriptionLength} / ${LISTING_LIMITS.descriptionMax} characters (at least ${LISTING_LIMITS.descriptionMin})`}
        />
        <div className="sell-grid">
          <GroupedSelectField
            id={fieldId('category')}
            name="category"
            label="Category"
            placeholder="Choose a category"
            groups={CATEGORY_GROUPS}
            value={values.category}
            error={errors.category}
            onChange={(event) => set('category', event.target.value as ListingCategory | '')}
            onBlur={touch('category')}
          />
          <SelectField
            id={fieldId('condition')}
            name="condition"
            label="Condition"
            options={CONDITION_OPTIONS}
            value={values.condition}
            error={errors.condition}
            onChange={(event) =>
              set('condition', event.target.value as ListingFormValues['condition'])
            }
            onBlur={touch('condition')}
          />
        </div>
      </section>

      <section className="sell-section" aria-labelledby="sell-price-heading">
        <h2 id="sell-price-heading" className="sell-section__title">
          Price &amp; delivery
        </h2>
        <div className="sell-grid">
          <TextField
            {...text('price')}
            label="Price in euro"
            inputMode="decimal"
            autoComplete="off"
            hint="For example 45 or 45.50"
            prefix={<span className="sell-unit">€</span>}
          />
          <SelectField
            id={fieldId('county')}
            name="county"
            label="County"
            options={COUNTY_OPTIONS}
            value={values.county}
            error={errors.county}
            onChange={(event) => set('county', event.target.value as ListingFormValues['county'])}
            onBlur={touch('county')}
          />
        </div>
        <fieldset className="sell-fieldset">
          <legend className="lo-field__label">Delivery (choose at least one)</legend>
          <Checkbox
            id={fieldId('delivery')}
            label="Tracked post"
            checked={values.post}
            onChange={(event) => set('post', event.target.checked)}
            aria-invalid={errors.delivery ? true : undefined}
            aria-describedby={errors.delivery ? 'sell-delivery-error' : undefined}
          />
          {values.post ? (
            <TextField
              {...text('postage')}
              className="sell-postage"
              label="Postage price in euro"
              inputMode="decimal"
              autoComplete="off"
              prefix={<span className="sell-unit">€</span>}
            />
          ) : null}
          <Checkbox
            id="sell-collection"
            label="Collection in person"
            hint={values.county ? `In County ${values.county}` : 'In the county above'}
            checked={values.collection}
            onChange={(event) => set('collection', event.target.checked)}
          />
          {errors.delivery ? (
            <p id="sell-delivery-error" className="lo-field__error">
              {errors.delivery}
            </p>
          ) : null}
        </fieldset>
      </section>

      {replica ? (
        <section className="sell-section" aria-labelledby="sell-replica-heading">
          <h2 id="sell-replica-heading" className="sell-section__title">
            Replica power
          </h2>
          <p className="sell-muted">
            In Ireland an air gun above 1 joule is a firearm, so every replica declares the velocity
            you measured with a chronograph and the BB weight used.
          </p>
          <div className="sell-grid">
            <TextField
              {...text('fps')}
              label="Measured muzzle velocity (fps)"
              inputMode="decimal"
              autoComplete="off"
              aria-describedby="sell-joules"
            />
            <TextField
              {...text('bbWeight')}
              label="BB weight (grams)"
              inputMode="decimal"
              autoComplete="off"
              hint={`${LISTING_LIMITS.bbWeightMinGrams.toFixed(2)} to ${LISTING_LIMITS.bbWeightMaxGrams.toFixed(2)} g`}
            />
          </div>
          <p
            id="sell-joules"
            aria-live="polite"
            className={overLimit ? 'sell-joules is-over' : 'sell-joules'}
          >
            Muzzle energy: {joulesText(readout)}
          </p>
        </section>
      ) : null}

      {formError ? (
        <div role="alert" className="sell-form-error">
          <p>{formError.message}</p>
          {formError.reference ? (
            <p className="sell-muted">Reference: {formError.reference}</p>
          ) : null}
        </div>
      ) : null}

      <div className="sell-actions">
        {overLimit && isDraft ? (
          <p className="sell-actions__note">{SELL_TEXTS.publishBlocked}</p>
        ) : null}
        <div className="sell-actions__buttons">
          <Button
            type={isDraft ? 'button' : 'submit'}
            variant={isDraft ? 'secondary' : 'primary'}
            loading={pendingAction === 'save'}
            disabled={busy}
            onClick={isDraft ? () => submit('save') : undefined}
          >
            {listing ? 'Save changes' : 'Save draft'}
          </Button>
          {isDraft ? (
            <Button
              type="submit"
              loading={pendingAction === 'publish'}
              disabled={busy || overLimit}
            >
              Publish listing
            </Button>
          ) : null}
        </div>
      </div>
    </form>
  );
}
