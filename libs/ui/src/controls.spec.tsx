import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button';
import { Checkbox } from './Checkbox';
import { ErrorPanel } from './ErrorPanel';
import { Spinner } from './Spinner';
import { SelectField, TextField } from './TextField';

describe('TextField', () => {
  it('labels the input and describes it with the hint and the error', () => {
    render(<TextField label="Email" hint="We never share it." error="Enter an email address" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAccessibleDescription('We never share it. Enter an email address');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts a prefix before the input and a suffix after it, in one row', () => {
    render(<TextField label="Price" prefix={<span>€</span>} suffix={<span>EUR</span>} />);
    const row = screen.getByLabelText('Price').parentElement!;
    expect([...row.children].map((el) => el.tagName + ':' + el.textContent)).toEqual([
      'SPAN:€',
      'INPUT:',
      'SPAN:EUR',
    ]);
  });

  it('is valid and undescribed without hint or error', () => {
    render(<TextField label="Name" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});

describe('SelectField', () => {
  it('renders labelled options', () => {
    render(
      <SelectField
        label="County"
        options={[
          { value: '', label: 'All counties' },
          { value: 'Cork', label: 'Cork' },
        ]}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'County' })).toHaveDisplayValue('All counties');
  });
});

describe('Checkbox', () => {
  it('toggles when its label is clicked', async () => {
    const user = userEvent.setup();
    render(<Checkbox label="I agree" />);
    await user.click(screen.getByText('I agree'));
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toBeChecked();
  });
});

describe('Button', () => {
  it('is disabled and busy while loading', () => {
    render(<Button loading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});

describe('Spinner and ErrorPanel', () => {
  it('announces loading as a labelled status', () => {
    render(<Spinner label="Loading fields" />);
    expect(screen.getByRole('status', { name: 'Loading fields' })).toBeInTheDocument();
  });

  it('shows an alert with a working retry button', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    render(<ErrorPanel title="Could not load" message="Network down" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Network down');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
