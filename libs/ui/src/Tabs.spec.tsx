import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './Tabs';

const items = [
  { id: 'signin', label: 'Sign In', content: <p>Sign in form</p> },
  { id: 'signup', label: 'Sign Up', content: <p>Sign up form</p> },
  { id: 'help', label: 'Help', content: <p>Help text</p> },
];

describe('Tabs', () => {
  it('puts only the selected tab in the Tab order', () => {
    render(<Tabs label="Account" items={items} />);
    const [first, second, third] = screen.getAllByRole('tab');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(second).toHaveAttribute('tabindex', '-1');
    expect(third).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Sign in form');
  });

  it('moves focus and selection with the arrow keys, wrapping around', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Account" items={items} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Sign Up' })).toHaveTextContent('Sign up form');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Help' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveFocus();
  });

  it('jumps to the first and last tab with Home and End', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Account" items={items} defaultValue="signup" />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Help' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveFocus();
  });

  it('reports changes when controlled', async () => {
    const user = userEvent.setup();
    const onValueChange = jest.fn();
    render(<Tabs label="Account" items={items} value="signin" onValueChange={onValueChange} />);
    await user.click(screen.getByRole('tab', { name: 'Help' }));
    expect(onValueChange).toHaveBeenCalledWith('help');
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  });
});
