import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, useRef, useState } from 'react';
import { Checkbox } from './Checkbox';
import { RadioGroup } from './RadioGroup';
import { TextField } from './TextField';
import {
  type FieldChecks,
  focusFirstInvalid,
  useFocusFirstInvalidLater,
  useForm,
} from './use-form';

type Field = 'name' | 'email';
const CHECKS: FieldChecks<Field> = {
  name: (value) => (value.trim() ? undefined : 'Enter your name.'),
  email: (value) => (value.includes('@') ? undefined : 'Enter an email address.'),
};

function Contact({ onSend }: { onSend: (values: Record<Field, string>) => void }) {
  const ref = useRef<HTMLFormElement>(null);
  const form = useForm<Record<Field, string>>({ name: '', email: '' }, CHECKS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) {
      focusFirstInvalid(ref.current, ['name', 'email'], form.clientErrors);
      return;
    }
    onSend(form.values);
  };
  return (
    <form ref={ref} noValidate onSubmit={submit}>
      <TextField {...form.field('name')} label="Name" />
      <TextField {...form.field('email')} label="Email" />
      <button type="submit">Send</button>
      <button type="button" onClick={() => form.setServerErrors({ email: 'Already taken.' })}>
        Refuse
      </button>
      <button type="button" onClick={() => form.reset()}>
        Reset
      </button>
    </form>
  );
}

describe('useForm with a check per field', () => {
  it('shows an error once the field is left, not while it is untouched', async () => {
    const user = userEvent.setup();
    render(<Contact onSend={jest.fn()} />);
    expect(screen.queryByText('Enter your name.')).toBeNull();
    await user.click(screen.getByLabelText('Name'));
    await user.tab();
    expect(screen.getByText('Enter your name.')).toBeTruthy();
    expect(screen.queryByText('Enter an email address.')).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'Aoife');
    expect(screen.queryByText('Enter your name.')).toBeNull();
  });

  it('shows every error on submit, focuses the first and sends nothing until they are fixed', async () => {
    const user = userEvent.setup();
    const onSend = jest.fn();
    render(<Contact onSend={onSend} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Enter your name.')).toBeTruthy();
    expect(screen.getByText('Enter an email address.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(onSend).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), 'Aoife');
    await user.type(screen.getByLabelText('Email'), 'aoife@example.ie');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ name: 'Aoife', email: 'aoife@example.ie' });
  });

  it('keeps a server error until the field is edited, and reset clears everything', async () => {
    const user = userEvent.setup();
    render(<Contact onSend={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(screen.getByText('Already taken.')).toBeTruthy();
    await user.type(screen.getByLabelText('Name'), 'A');
    expect(screen.getByText('Already taken.')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByText('Already taken.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Enter an email address.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByText('Enter an email address.')).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });
});

interface Delivery {
  post: boolean;
  collection: boolean;
  postage: string;
}

/** A rule across values, reported on a field that has no value of its own ("delivery"). */
function DeliveryForm() {
  const form = useForm<Delivery, 'delivery' | 'postage'>(
    () => ({ post: false, collection: false, postage: '' }),
    (values) => ({
      ...(values.post || values.collection ? {} : { delivery: 'Choose at least one.' }),
      ...(values.post && !values.postage ? { postage: 'Enter the postage.' } : {}),
    }),
    { clears: { post: ['delivery', 'postage'], collection: ['delivery'] } },
  );
  return (
    <form noValidate onSubmit={(event) => (event.preventDefault(), form.validate())}>
      <Checkbox
        label="Post"
        checked={form.values.post}
        onChange={(event) => form.setValue('post', event.target.checked)}
      />
      <Checkbox
        label="Collection"
        checked={form.values.collection}
        onChange={(event) => form.setValue('collection', event.target.checked)}
      />
      {form.values.post ? <TextField {...form.field('postage')} label="Postage" /> : null}
      {form.errors.delivery ? <p>{form.errors.delivery}</p> : null}
      <button type="submit">Save</button>
      <button type="button" onClick={() => form.setServerErrors({ delivery: 'Server says no.' })}>
        Refuse
      </button>
    </form>
  );
}

describe('useForm with one check over all values', () => {
  it('reports on a field of its own naming and follows the values after a submit', async () => {
    const user = userEvent.setup();
    render(<DeliveryForm />);
    expect(screen.queryByText('Choose at least one.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Choose at least one.')).toBeTruthy();
    await user.click(screen.getByLabelText('Post'));
    expect(screen.queryByText('Choose at least one.')).toBeNull();
    expect(screen.getByText('Enter the postage.')).toBeTruthy();
  });

  it('clears a server error when a value that feeds the field changes', async () => {
    const user = userEvent.setup();
    render(<DeliveryForm />);
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(screen.getByText('Server says no.')).toBeTruthy();
    await user.click(screen.getByLabelText('Collection'));
    expect(screen.queryByText('Server says no.')).toBeNull();
  });
});

/** A radio group and a text field; "Send" starts a pretend request, "Answer" refuses it. */
function AnswerForm() {
  const ref = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  const focusLater = useFocusFirstInvalidLater(ref, !pending);
  const form = useForm<{ kind: string; note: string }>(
    { kind: '', note: '' },
    { kind: (value) => (value ? undefined : 'Choose an answer.') },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) {
      focusFirstInvalid(ref.current, ['kind', 'note'], form.clientErrors);
      return;
    }
    setPending(true);
  };
  const refuse = () => {
    const errors = { note: 'The server refused the note.' };
    form.setServerErrors(errors);
    focusLater(['kind', 'note'], errors);
    setPending(false);
  };
  return (
    <form ref={ref} noValidate onSubmit={submit}>
      <RadioGroup
        legend="Answer"
        name="kind"
        value={form.values.kind || null}
        onChange={(value) => form.setValue('kind', value)}
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
        error={form.errors.kind}
        disabled={pending}
      />
      <TextField {...form.field('note')} label="Note" disabled={pending} />
      <button type="submit">Send</button>
      <button type="button" onClick={refuse}>
        Answer
      </button>
    </form>
  );
}

describe('focusing an invalid field', () => {
  it('focuses the first choice of a radio group with an error', async () => {
    const user = userEvent.setup();
    render(<AnswerForm />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Choose an answer.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Yes' }));
  });

  it('focuses a field refused by the server once the fields are enabled again', async () => {
    const user = userEvent.setup();
    render(<AnswerForm />);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByLabelText('Note')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Answer' }));
    expect(screen.getByText('The server refused the note.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Note')));
  });
});
