import {
  ADDRESS_FIELDS,
  addressFormErrors,
  addressInput,
  emptyAddressForm,
  type AddressField,
  type AddressFormValues,
} from '@loadout/address-rules';
import { type DeliveryAddressInput } from '@loadout/contracts';
import { AddressFields, Button, focusFirstInvalid, useForm } from '@loadout/ui';
import { type FormEvent, useRef } from 'react';
import { fieldErrorsFrom } from '../api/errors';

export interface AddressFormProps {
  /** The accessible name of the form ("New address", "Edit 12 Main Street"). */
  label: string;
  initial?: AddressFormValues;
  submitLabel: string;
  pending: boolean;
  idPrefix: string;
  /** Saves; a rejection with the service's field details shows them on the fields. */
  onSubmit: (input: DeliveryAddressInput) => Promise<unknown>;
  onCancel: () => void;
}

/** Add or edit one address of the book; checked with the services' own rules as you type. */
export function AddressForm({
  label,
  initial,
  submitLabel,
  pending,
  idPrefix,
  onSubmit,
  onCancel,
}: AddressFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<AddressFormValues, AddressField>(
    initial ?? emptyAddressForm,
    addressFormErrors,
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!form.validate()) {
      focusFirstInvalid(formRef.current, ADDRESS_FIELDS, form.clientErrors);
      return;
    }
    onSubmit(addressInput(form.values)).catch((error: unknown) => {
      const errors = fieldErrorsFrom(error, ADDRESS_FIELDS);
      form.setServerErrors(errors);
      focusFirstInvalid(formRef.current, ADDRESS_FIELDS, errors);
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={label} className="account-form">
      <AddressFields field={form.field} idPrefix={idPrefix} disabled={pending} />
      <div className="account-actions">
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
