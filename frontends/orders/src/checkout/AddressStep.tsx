import {
  ADDRESS_FIELDS,
  addressFormErrors,
  addressInput,
  emptyAddressForm,
  formatAddressLine,
  type AddressField,
  type AddressFormValues,
} from '@loadout/address-rules';
import { type DeliveryAddressInput, type SavedAddress } from '@loadout/contracts';
import { AddressFields, Checkbox, RadioGroup, useForm } from '@loadout/ui';
import { isApiError, useAddresses } from '@loadout/web';
import { useCallback, useRef, useState } from 'react';

export const NEW_ADDRESS = 'new';

/** A saved address as checkout sends it (the order keeps its own copy). */
const asInput = (a: SavedAddress): DeliveryAddressInput => ({
  name: a.name,
  line1: a.line1,
  line2: a.line2,
  town: a.town,
  county: a.county,
  eircode: a.eircode,
  phone: a.phone,
});

export interface AddressChoice {
  address: DeliveryAddressInput;
  /** A new address the buyer asked to keep in their address book. */
  saveToBook: boolean;
}

/**
 * Where a post order goes: a saved address or a new one (optionally saved). `resolve` checks
 * the choice, shows what is missing and focuses it; `showServerErrors` puts the order
 * service's field errors (`deliveryAddress.<field>`) on the new-address fields.
 */
export function useAddressStep() {
  const book = useAddresses();
  const saved = book.data?.items ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? saved[0]?.id ?? NEW_ADDRESS;
  const [saveToBook, setSaveToBook] = useState(true);
  const form = useForm<AddressFormValues, AddressField>(emptyAddressForm, addressFormErrors);
  const formRef = useRef<HTMLFieldSetElement>(null);

  const resolve = (): AddressChoice | null => {
    // Nothing to choose from yet; the step says the book is loading.
    if (book.isPending) return null;
    const chosen = saved.find((a) => a.id === choice);
    if (chosen) return { address: asInput(chosen), saveToBook: false };
    if (!form.validate()) {
      focusIn(formRef.current, form.clientErrors);
      return null;
    }
    return { address: addressInput(form.values), saveToBook };
  };

  const { setServerErrors } = form;
  const showServerErrors = useCallback(
    (error: unknown) => {
      if (!isApiError(error) || !Array.isArray(error.details)) return;
      const errors: Partial<Record<AddressField, string>> = {};
      for (const d of error.details as { field?: unknown; messages?: unknown }[]) {
        const field = typeof d.field === 'string' ? d.field.replace(/^deliveryAddress\./, '') : '';
        const message = Array.isArray(d.messages) ? d.messages[0] : undefined;
        if ((ADDRESS_FIELDS as readonly string[]).includes(field) && typeof message === 'string')
          errors[field as AddressField] ??= message;
      }
      setServerErrors(errors);
      // After the re-render that enables the fields again (they are disabled while sending).
      setTimeout(() => focusIn(formRef.current, errors), 0);
    },
    [setServerErrors],
  );

  return {
    book,
    saved,
    choice,
    setChoice: setPicked,
    saveToBook,
    setSaveToBook,
    form,
    formRef,
    resolve,
    showServerErrors,
  };
}

function focusIn(
  fieldset: HTMLFieldSetElement | null,
  errors: Partial<Record<string, string | undefined>>,
) {
  const first = ADDRESS_FIELDS.find((f) => errors[f]);
  if (!fieldset || !first) return;
  (fieldset.querySelector(`[name="${first}"]`) as HTMLElement | null)?.focus();
}

/** The address part of the delivery step (tracked post only). */
export function AddressStep({
  step,
  disabled,
}: {
  step: ReturnType<typeof useAddressStep>;
  disabled: boolean;
}) {
  const { book, saved, choice, setChoice, saveToBook, setSaveToBook, form, formRef } = step;
  const options = [
    ...saved.map((a) => ({
      value: a.id,
      label: `${a.name}, ${a.line1}`,
      hint: formatAddressLine(a),
    })),
    { value: NEW_ADDRESS, label: 'A new address' },
  ];
  return (
    <div className="or-address">
      {book.isPending ? (
        <p className="lo-muted" role="status">
          Loading your saved addresses…
        </p>
      ) : null}
      {saved.length > 0 ? (
        <RadioGroup
          legend="Send it to"
          options={options}
          value={choice}
          onChange={setChoice}
          disabled={disabled}
        />
      ) : null}
      {/* Not while the book loads: a saved address would replace a half-typed new one. */}
      {choice === NEW_ADDRESS && !book.isPending ? (
        <fieldset ref={formRef} className="or-address__form" disabled={disabled}>
          <legend>{saved.length > 0 ? 'New delivery address' : 'Delivery address'}</legend>
          {book.isError ? (
            <p className="lo-muted lo-small">
              Your saved addresses could not be loaded; enter the address here.
            </p>
          ) : null}
          <AddressFields field={form.field} idPrefix="checkout-address" />
          <Checkbox
            label="Save this address to my account"
            hint="You can change or delete it later in your profile."
            checked={saveToBook}
            onChange={(e) => setSaveToBook(e.target.checked)}
          />
        </fieldset>
      ) : null}
      <p className="lo-muted lo-small">
        The seller sees this address only once you have paid. Changing your saved addresses later
        does not change this order.
      </p>
    </div>
  );
}
