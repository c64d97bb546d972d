import { ADDRESS_COUNTIES, type AddressField } from '@loadout/address-rules';
import { type ChangeEvent } from 'react';
import { SelectField, TextField } from './TextField';

/** What `useForm().field(name)` gives for one field. */
export interface BoundField {
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  onBlur: () => void;
}

export interface AddressFieldsProps {
  /** Binds a field to the caller's form (`form.field`). */
  field: (name: AddressField) => BoundField;
  /** Prefixes the input ids when a page shows two address forms. */
  idPrefix?: string;
  disabled?: boolean;
}

const COUNTY_OPTIONS = [
  { value: '', label: 'Choose a county' },
  ...ADDRESS_COUNTIES.map((county) => ({ value: county, label: county })),
];

/**
 * The fields of a delivery address (name, lines, town, county, Eircode, phone), labelled and
 * autocompleted for browsers; the rules behind the errors are `@loadout/address-rules`.
 */
export function AddressFields({ field, idPrefix = 'address', disabled }: AddressFieldsProps) {
  const id = (name: AddressField) => `${idPrefix}-${name}`;
  return (
    <>
      <TextField
        {...field('name')}
        id={id('name')}
        label="Full name"
        autoComplete="name"
        required
        disabled={disabled}
      />
      <TextField
        {...field('line1')}
        id={id('line1')}
        label="Address line 1"
        autoComplete="address-line1"
        required
        disabled={disabled}
      />
      <TextField
        {...field('line2')}
        id={id('line2')}
        label="Address line 2"
        hint="Optional."
        autoComplete="address-line2"
        disabled={disabled}
      />
      <TextField
        {...field('town')}
        id={id('town')}
        label="Town or city"
        autoComplete="address-level2"
        required
        disabled={disabled}
      />
      <SelectField
        {...field('county')}
        id={id('county')}
        label="County"
        options={COUNTY_OPTIONS}
        autoComplete="address-level1"
        required
        disabled={disabled}
      />
      <TextField
        {...field('eircode')}
        id={id('eircode')}
        label="Eircode"
        hint="7 characters, like D02 X285."
        autoComplete="postal-code"
        autoCapitalize="characters"
        spellCheck={false}
        required
        disabled={disabled}
      />
      <TextField
        {...field('phone')}
        id={id('phone')}
        label="Phone"
        hint="Optional. For the courier if they need to reach you."
        type="tel"
        autoComplete="tel"
        disabled={disabled}
      />
    </>
  );
}
