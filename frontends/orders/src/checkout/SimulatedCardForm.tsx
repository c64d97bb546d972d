import { Button, TextField } from '@loadout/ui';
import { type FormEvent, useRef, useState } from 'react';
import {
  type CardErrors,
  type CardFormValues,
  formatCardNumber,
  formatExpiry,
  toCardInput,
  validateCard,
} from './card-input';

export interface SimulatedCardFormProps {
  /** "Pay €266.00". */
  payLabel: string;
  busy: boolean;
  onPay: (card: ReturnType<typeof toCardInput>) => void;
}

const EMPTY: CardFormValues = { number: '', expiry: '', cvc: '' };

/** The simulated processor's test card form: labelled, autocompleted, checked inline. */
export function SimulatedCardForm({ payLabel, busy, onPay }: SimulatedCardFormProps) {
  const [values, setValues] = useState<CardFormValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof CardFormValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  const errors: CardErrors = validateCard(values);
  const shown = (field: keyof CardFormValues) =>
    submitted || touched[field] ? errors[field] : undefined;

  const set = (field: keyof CardFormValues, value: string) =>
    setValues((v) => ({ ...v, [field]: value }));
  const leave = (field: keyof CardFormValues) => setTouched((t) => ({ ...t, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const first = (['number', 'expiry', 'cvc'] as const).find((f) => errors[f]);
    if (first) {
      ({ number: numberRef, expiry: expiryRef, cvc: cvcRef })[first].current?.focus();
      return;
    }
    onPay(toCardInput(values));
  };

  return (
    <form className="or-card-form" onSubmit={submit} noValidate aria-label="Card details">
      <TextField
        ref={numberRef}
        label="Card number"
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        value={values.number}
        onChange={(e) => set('number', formatCardNumber(e.target.value))}
        onBlur={() => leave('number')}
        error={shown('number')}
        disabled={busy}
      />
      <div className="or-card-form__row">
        <TextField
          ref={expiryRef}
          label="Expiry date"
          hint="MM / YY"
          name="exp-date"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM / YY"
          value={values.expiry}
          onChange={(e) => set('expiry', formatExpiry(e.target.value))}
          onBlur={() => leave('expiry')}
          error={shown('expiry')}
          disabled={busy}
        />
        <TextField
          ref={cvcRef}
          label="Security code (CVC)"
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          placeholder="123"
          value={values.cvc}
          onChange={(e) => set('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
          onBlur={() => leave('cvc')}
          error={shown('cvc')}
          disabled={busy}
        />
      </div>
      <Button type="submit" size="lg" block loading={busy}>
        {payLabel}
      </Button>
    </form>
  );
}
