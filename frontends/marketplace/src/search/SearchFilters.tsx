import {
  CATEGORY_LABELS,
  CONDITION_LABELS,
  GEAR_CATEGORIES,
  IRISH_COUNTIES,
  LISTING_CONDITIONS,
  REPLICA_CATEGORIES,
} from '@loadout/contracts';
import { Button, SelectField, TextField } from '@loadout/ui';
import { type FormEvent, useState } from 'react';
import { type SearchState, euroToCents, isValidEuro } from './search-params';

const CATEGORY_OPTIONS = [
  { value: '', label: 'All categories' },
  ...REPLICA_CATEGORIES.map((c) => ({ value: c, label: `${CATEGORY_LABELS[c]} (replica)` })),
  ...GEAR_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
];
const CONDITION_OPTIONS = [
  { value: '', label: 'Any condition' },
  ...LISTING_CONDITIONS.map((c) => ({ value: c, label: CONDITION_LABELS[c] })),
];
const COUNTY_OPTIONS = [
  { value: '', label: 'All counties' },
  ...IRISH_COUNTIES.map((c) => ({ value: c, label: c })),
];
const DELIVERY_OPTIONS = [
  { value: '', label: 'Post or collection' },
  { value: 'post', label: 'Tracked post' },
  { value: 'collection', label: 'Collection in person' },
];

/** The filters chosen from a list, in page order. */
const SELECT_FILTERS = [
  { name: 'category', label: 'Category', options: CATEGORY_OPTIONS },
  { name: 'condition', label: 'Condition', options: CONDITION_OPTIONS },
  { name: 'county', label: 'County', options: COUNTY_OPTIONS },
  { name: 'delivery', label: 'Delivery', options: DELIVERY_OPTIONS },
] as const satisfies readonly { name: keyof SearchState; label: string; options: unknown }[];

export interface SearchFiltersProps {
  state: SearchState;
  onChange: (key: string, value: string) => void;
  onPriceChange: (minPrice: string, maxPrice: string) => void;
}

interface PriceErrors {
  min?: string;
  max?: string;
}

function priceErrors(min: string, max: string): PriceErrors {
  const errors: PriceErrors = {};
  if (min.trim() && !isValidEuro(min)) errors.min = 'Enter an amount in euro, e.g. 50 or 49.99.';
  if (max.trim() && !isValidEuro(max)) errors.max = 'Enter an amount in euro, e.g. 50 or 49.99.';
  const minCents = euroToCents(min);
  const maxCents = euroToCents(max);
  if (!errors.max && minCents !== undefined && maxCents !== undefined && maxCents < minCents) {
    errors.max = 'The maximum must not be below the minimum.';
  }
  return errors;
}

/** Category, condition, county and delivery apply at once; the price range on "Apply price". */
export function SearchFilters({ state, onChange, onPriceChange }: SearchFiltersProps) {
  const [min, setMin] = useState(state.minPrice ?? '');
  const [max, setMax] = useState(state.maxPrice ?? '');
  const [errors, setErrors] = useState<PriceErrors>({});
  // Follow the URL (back/forward, "Clear filters") without an effect.
  const [seen, setSeen] = useState({ min: state.minPrice, max: state.maxPrice });
  if (seen.min !== state.minPrice || seen.max !== state.maxPrice) {
    setSeen({ min: state.minPrice, max: state.maxPrice });
    setMin(state.minPrice ?? '');
    setMax(state.maxPrice ?? '');
    setErrors({});
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = priceErrors(min, max);
    setErrors(found);
    if (found.min || found.max) {
      const form = event.currentTarget;
      form
        .querySelector<HTMLInputElement>(found.min ? '[name=minPrice]' : '[name=maxPrice]')
        ?.focus();
      return;
    }
    onPriceChange(min, max);
  };

  return (
    <form className="mp-filters" aria-label="Filter listings" onSubmit={onSubmit} noValidate>
      {SELECT_FILTERS.map(({ name, label, options }) => (
        <SelectField
          key={name}
          label={label}
          name={name}
          options={options}
          value={state[name] ?? ''}
          onChange={(event) => onChange(name, event.target.value)}
        />
      ))}
      <fieldset className="mp-price">
        <legend>Price (€)</legend>
        <div className="mp-price__row">
          <TextField
            label="Minimum price in euro"
            labelHidden
            name="minPrice"
            inputMode="decimal"
            placeholder="Min"
            autoComplete="off"
            value={min}
            error={errors.min}
            onChange={(event) => setMin(event.target.value)}
          />
          <span aria-hidden="true">to</span>
          <TextField
            label="Maximum price in euro"
            labelHidden
            name="maxPrice"
            inputMode="decimal"
            placeholder="Max"
            autoComplete="off"
            value={max}
            error={errors.max}
            onChange={(event) => setMax(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" size="sm">
          Apply price
        </Button>
      </fieldset>
    </form>
  );
}
