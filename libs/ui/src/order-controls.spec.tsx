import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { FactsList } from './FactsList';
import { RadioGroup } from './RadioGroup';

describe('RadioGroup', () => {
  function Delivery() {
    const [value, setValue] = useState<'post' | 'collection' | null>(null);
    return (
      <>
        <RadioGroup
          legend="Delivery"
          value={value}
          onChange={setValue}
          options={[
            { value: 'post', label: 'Tracked post', hint: '€9.50' },
            { value: 'collection', label: 'Collection in person', hint: 'Co. Cork' },
          ]}
          error={value === null ? 'Choose how you get the item' : undefined}
        />
        <output>{value ?? 'none'}</output>
      </>
    );
  }

  it('names the group by its legend, describes options by their hint and reports the choice', async () => {
    const user = userEvent.setup();
    render(<Delivery />);
    const group = screen.getByRole('group', { name: 'Delivery' });
    expect(group).toHaveAccessibleDescription('Choose how you get the item');
    const post = screen.getByRole('radio', { name: 'Tracked post' });
    expect(post).toHaveAccessibleDescription('€9.50');
    await user.click(screen.getByLabelText('Collection in person'));
    expect(screen.getByRole('radio', { name: 'Collection in person' })).toBeChecked();
    expect(post).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('collection');
  });

  it('describes the group by its hint (and error), side by side when inline', () => {
    render(
      <RadioGroup
        inline
        legend="Seller type"
        name="sellerType"
        value="private"
        onChange={() => undefined}
        hint="Traders sell as a business."
        error="Choose one"
        options={[
          { value: 'private', label: 'Private seller' },
          { value: 'trader', label: 'Trader' },
        ]}
      />,
    );
    const group = screen.getByRole('group', { name: 'Seller type' });
    expect(group).toHaveAccessibleDescription('Traders sell as a business. Choose one');
    expect(group).toHaveClass('lo-radio-group--inline');
    expect(screen.getByRole('radio', { name: 'Private seller' })).toHaveAttribute(
      'name',
      'sellerType',
    );
  });
});

describe('FactsList', () => {
  it('renders term/value pairs and leaves out empty rows', () => {
    render(
      <FactsList
        aria-label="Price"
        layout="table"
        facts={[
          { term: 'Item', value: '€250.00' },
          false,
          { term: 'Total', value: '€266.00', strong: true },
        ]}
      />,
    );
    const terms = screen.getAllByRole('term').map((el) => el.textContent);
    const values = screen.getAllByRole('definition').map((el) => el.textContent);
    expect(terms).toEqual(['Item', 'Total']);
    expect(values).toEqual(['€250.00', '€266.00']);
  });
});

describe('ConfirmDialog', () => {
  it('starts on the cancel button, confirms with its own button and cancels with Escape', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(
      <ConfirmDialog
        open
        title="Confirm delivery?"
        description="The money goes to the seller."
        confirmLabel="Yes, release the money"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Confirm delivery?' });
    expect(dialog).toHaveAccessibleDescription('The money goes to the seller.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Yes, release the money' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cannot be confirmed twice or dismissed while the action runs', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(
      <ConfirmDialog
        open
        pending
        title="Cancel order?"
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        tone="danger"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Keep order' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
