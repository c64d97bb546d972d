import { type OrderView, type ShipOrderRequest } from '@loadout/contracts';
import { Button, TextField, focusFirstInvalid, useForm } from '@loadout/ui';
import { type FormEvent, useRef } from 'react';

export interface ShipFormValues {
  carrier: string;
  trackingNumber: string;
}

const EMPTY: ShipFormValues = { carrier: '', trackingNumber: '' };

/** The same limits as the orders service (ShipOrderDto), checked before sending. */
const CHECKS = {
  carrier: (value: string) => {
    const carrier = value.trim();
    if (!carrier) return 'Enter the carrier.';
    if (carrier.length < 2 || carrier.length > 60) return 'Carrier must be 2 to 60 characters.';
    return undefined;
  },
  trackingNumber: (value: string) => {
    const tracking = value.trim();
    if (!tracking) return 'Enter the tracking number of the parcel.';
    if (tracking.length < 4 || tracking.length > 60)
      return 'Tracking number must be 4 to 60 characters.';
    return undefined;
  },
};

export interface ShipFormProps {
  order: OrderView;
  pending: boolean;
  onShip: (input: ShipOrderRequest) => void;
}

/** Mark shipped: carrier + tracking number for post; one button for a hand-over in person. */
export function ShipForm({ order, pending, onShip }: ShipFormProps) {
  const form = useForm(EMPTY, CHECKS);
  const formRef = useRef<HTMLFormElement>(null);

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!form.validate()) {
      focusFirstInvalid(formRef.current, ['carrier', 'trackingNumber'], form.clientErrors);
      return;
    }
    onShip({
      carrier: form.values.carrier.trim(),
      trackingNumber: form.values.trackingNumber.trim(),
    });
  };

  return (
    <form
      ref={formRef}
      className="or-ship"
      onSubmit={submit}
      noValidate
      aria-label={`Mark ${order.listing.title} as shipped`}
    >
      <div className="or-ship__fields">
        <TextField
          label="Carrier"
          // A hint, not a placeholder: a grey "An Post" in the box read as already filled in.
          hint="For example An Post, DPD or GLS"
          {...form.field('carrier')}
          disabled={pending}
        />
        <TextField
          label="Tracking number"
          {...form.field('trackingNumber')}
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
