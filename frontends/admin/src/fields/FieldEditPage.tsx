import {
  GAME_TYPES,
  GAME_TYPE_LABELS,
  IRISH_COUNTIES,
  WEEKDAYS,
  WEEKDAY_LABELS,
  type FieldDto,
} from '@loadout/contracts';
import {
  Button,
  Checkbox,
  ConfirmDialog,
  SelectField,
  TextAreaField,
  TextField,
  focusFirstInvalid,
  useForm,
} from '@loadout/ui';
import {
  Link,
  useCreateField,
  useDeleteField,
  useField,
  useNavigate,
  useParams,
  useUpdateField,
} from '@loadout/web';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { toast } from 'sonner';
import { AdminLayout } from '../layout/AdminLayout';
import { QueryState } from '../layout/QueryState';
import {
  FIELD_FORM_ORDER,
  checkFieldForm,
  emptyFieldForm,
  fieldFormFrom,
  fieldFormServerErrors,
  fieldRequestFrom,
  type FieldFormField,
  type FieldFormValues,
} from './field-form';
import { failedTo } from '../layout/failure-toast';

/** A group of boxes in a fieldset named by its legend, with the group's error under it. */
function CheckGroup<T extends string>({
  name,
  legend,
  options,
  labels,
  values,
  error,
  onChange,
}: {
  name: string;
  legend: ReactNode;
  options: readonly T[];
  labels: Record<T, string>;
  values: readonly T[];
  error?: string;
  onChange: (next: T[]) => void;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="admin-checks"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{legend}</legend>
      {options.map((o, i) => (
        <Checkbox
          key={o}
          // The first box carries the group's name, so focusing the first invalid field works.
          name={i === 0 ? name : undefined}
          label={labels[o]}
          checked={values.includes(o)}
          onChange={(e) =>
            onChange(
              e.target.checked
                ? options.filter((x) => x === o || values.includes(x))
                : values.filter((x) => x !== o),
            )
          }
        />
      ))}
      {error ? (
        <p id={errorId} className="lo-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function FieldForm({ field }: { field: FieldDto | null }) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const create = useCreateField();
  const update = useUpdateField();
  const remove = useDeleteField();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<FieldFormValues, FieldFormField>(
    () => (field ? fieldFormFrom(field) : emptyFieldForm()),
    checkFieldForm,
  );

  const onError = (what: string) => (error: unknown) => {
    const fieldErrors = fieldFormServerErrors(error);
    if (Object.keys(fieldErrors).length > 0) {
      form.setServerErrors(fieldErrors);
      focusFirstInvalid(formRef.current, FIELD_FORM_ORDER, fieldErrors);
    }
    failedTo(what)(error);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validate()) {
      focusFirstInvalid(formRef.current, FIELD_FORM_ORDER, form.clientErrors);
      return;
    }
    const input = fieldRequestFrom(form.values);
    if (field)
      update.mutate(
        { id: field.id, input },
        { onSuccess: () => toast.success('Field saved'), onError: onError('save the field') },
      );
    else
      create.mutate(input, {
        onSuccess: (created) => {
          toast.success('Field added');
          void navigate(`/admin/fields/${encodeURIComponent(created.id)}`, { replace: true });
        },
        onError: onError('add the field'),
      });
  };

  const { values, errors } = form;
  return (
    <>
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        className="admin-decision admin-field-form"
        aria-label={field ? `Edit ${field.name}` : 'Add a field'}
      >
        <TextField {...form.field('name')} label="Name" maxLength={120} required />
        <SelectField
          {...form.field('county')}
          label="County"
          options={[
            { value: '', label: 'Choose…' },
            ...IRISH_COUNTIES.map((c) => ({ value: c, label: c })),
          ]}
          required
        />
        <TextField {...form.field('address')} label="Address" maxLength={300} required />
        <TextField {...form.field('eircode')} label="Eircode" maxLength={8} />
        <TextField
          {...form.field('website')}
          label="Website"
          type="url"
          hint="Starting with https://"
        />
        <TextField {...form.field('phone')} label="Phone" type="tel" />
        <TextAreaField
          {...form.field('description')}
          label="Description"
          rows={5}
          maxLength={5000}
          required
        />
        <CheckGroup
          name="gameTypes"
          legend="Game types"
          options={GAME_TYPES}
          labels={GAME_TYPE_LABELS}
          values={values.gameTypes}
          error={errors.gameTypes}
          onChange={(next) => form.setValue('gameTypes', next)}
        />
        <fieldset className="admin-checks">
          <legend>Joule limits (leave empty when not stated)</legend>
          <TextField {...form.field('aegJoules')} label="AEG" inputMode="decimal" />
          <TextField {...form.field('dmrJoules')} label="DMR" inputMode="decimal" />
          <TextField {...form.field('sniperJoules')} label="Sniper" inputMode="decimal" />
        </fieldset>
        <CheckGroup
          name="openingDays"
          legend="Opening days (none: by arrangement)"
          options={WEEKDAYS}
          labels={WEEKDAY_LABELS}
          values={values.openingDays}
          error={errors.openingDays}
          onChange={(next) => form.setValue('openingDays', next)}
        />
        <Checkbox
          label="Rental gear available"
          checked={values.rentalAvailable}
          onChange={(e) => form.setValue('rentalAvailable', e.target.checked)}
        />
        <TextField {...form.field('minimumAge')} label="Minimum age" inputMode="numeric" required />
        <div className="admin-actions">
          <Button type="submit" loading={create.isPending || update.isPending}>
            {field ? 'Save field' : 'Add field'}
          </Button>
          {field ? (
            <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
              Delete field
            </Button>
          ) : null}
        </div>
      </form>
      {field ? (
        <ConfirmDialog
          open={confirming}
          title={`Delete ${field.name}?`}
          description="It disappears from the fields directory. This cannot be undone."
          confirmLabel="Delete field"
          tone="danger"
          pending={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(field.id, {
              onSuccess: () => {
                toast.success('Field deleted');
                void navigate('/admin/fields', { replace: true });
              },
              onError: (error) => {
                setConfirming(false);
                onError('delete the field')(error);
              },
            })
          }
        />
      ) : null}
    </>
  );
}

function ExistingField({ id }: { id: string }) {
  const field = useField(id);
  return (
    <QueryState query={field} label="field">
      {(data) => <FieldForm key={data.id} field={data} />}
    </QueryState>
  );
}

/** `/admin/fields/new` and `/admin/fields/:id`: add, edit or delete a playing field. */
export function FieldEditPage() {
  const { id } = useParams();
  const isNew = !id || id === 'new';
  return (
    <AdminLayout
      title={isNew ? 'Add a field' : 'Edit field'}
      description="A playing field of the directory."
    >
      <p>
        <Link to="/admin/fields">Back to fields</Link>
      </p>
      {isNew ? <FieldForm field={null} /> : <ExistingField id={id} />}
    </AdminLayout>
  );
}
