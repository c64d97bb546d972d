import { type OrderView, type ShipOrderRequest } from '@loadout/contracts';
import { Button, TextField } from '@loadout/ui';
import { type FormEvent, useRef, useState } from 'react';

export interface ShipFormValues {
  carrier: string;
  trackingNumber: string;
}

/** The same limits as the orders service (ShipOrderDto), checked before sending. */
export function validateShipment(values: ShipFormValues): Partial<ShipFormValues> {
  const errors: Partial<ShipFormValues> = {};
  const carrier = values.carrier.trim();
  const tracking = values.trackingNumber.trim();
  if (!carrier) errors.carrier = 'Enter the carrier.';
  else if (carrier.length < 2 || carrier.length > 60)
    errors.carrier = 'Carrier must be 2 to 60 characters.';
  if (!tracking) errors.trackingNumber = 'Enter the tracking number of the parcel.';
  else if (tracking.length < 4 || tracking.length > 60)
    errors.trackingNumber = 'Tracking number must be 4 to 60 characters.';
  return errors;
}

export interface ShipFormProps {
  order: OrderView;
  pending: boolean;
  onShip: (input: ShipOrderRequest) => void;
}

/** Mark shipped: carrier + tracking number for post; one button for a hand-over in person. */
export function ShipForm({ order, pending, onShip }: ShipFormProps) {
  const [values, setValues] = useState<ShipFormValues>({ carrier: '', trackingNumber: '' });
  const [submitted, setSubmitted] = useState(false);
  const carrierRef = useRef<HTMLInputElement>(null);
  const trackingRef = useRef<HTMLInputElement>(null);

  if (order.delivery === 'collection') {
    return (
      <div className="or-ship">
        <p className="lo-muted lo-small">
          The buyer collects the item. Mark it once you have handed it over.
        </p>
        <Button
          onClick={() => onShip({ handedOverInPerson: true })}
          loading={pending}
          aria-describedby={`or-ship-hint-${order.id}`}
        >
          Handed over in person
        </Button>
        <span id={`or-ship-hint-${order.id}`} className="lo-visually-hidden">
          Marks {order.listing.title} as handed over to the buyer
        </span>
      </div>
    );
  }

  const errors = validateShipment(values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    if (errors.carrier) return carrierRef.current?.focus();
    if (errors.trackingNumber) return trackingRef.current?.focus();
    onShip({ carrier: values.carrier.trim(), trackingNumber: values.trackingNumber.trim() });
  };

  return (
    <form
      className="or-ship"
      onSubmit={submit}
      noValidate
      aria-label={`Mark ${order.listing.title} as shipped`}
    >
      <div className="or-ship__fields">
        <TextField
          ref={carrierRef}
          label="Carrier"
          // A hint, not a placeholder: a grey "An Post" in the box read as already filled in.
          hint="For example An Post, DPD or GLS"
          value={values.carrier}
          onChange={(e) => setValues((v) => ({ ...v, carrier: e.target.value }))}
          error={submitted ? errors.carrier : undefined}
          disabled={pending}
        />
        <TextField
          ref={trackingRef}
          label="Tracking number"
          value={values.trackingNumber}
          onChange={(e) => setValues((v) => ({ ...v, trackingNumber: e.target.value }))}
          error={submitted ? errors.trackingNumber : undefined}
          disabled={pending}
          autoComplete="off"
        />
      </div>
      <Button type="submit" loading={pending}>
        Mark as shipped
      </Button>
    </form>
  );
}
