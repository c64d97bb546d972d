import { Button, TextField, useForm } from '@loadout/ui';
import { type FormEvent, useRef } from 'react';
import {
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
/** One check over the three values: the rules of `card-input.ts` (tested there). */
const checkCard = (values: CardFormValues) => validateCard(values);

/** The simulated processor's test card form: labelled, autocompleted, checked inline. */
export function SimulatedCardForm({ payLabel, busy, onPay }: SimulatedCardFormProps) {
  const form = useForm<CardFormValues>(EMPTY, checkCard);
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  const { values, errors } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    form.validate();
    // The inputs keep the names the browser's card autofill knows (cardnumber, exp-date, cvc).
    const first = (['number', 'expiry', 'cvc'] as const).find((f) => form.clientErrors[f]);
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
        onChange={(e) => form.setValue('number', formatCardNumber(e.target.value))}
        onBlur={() => form.touch('number')}
        error={errors.number}
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
          onChange={(e) => form.setValue('expiry', formatExpiry(e.target.value))}
          onBlur={() => form.touch('expiry')}
          error={errors.expiry}
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
          onChange={(e) => form.setValue('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
          onBlur={() => form.touch('cvc')}
          error={errors.cvc}
          disabled={busy}
        />
      </div>
      <Button type="submit" size="lg" block loading={busy}>
        {payLabel}
      </Button>
    </form>
  );
}
