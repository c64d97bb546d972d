import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

function Harness({ dismissible }: { dismissible: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button">Outside</button>
      <Dialog
        open={open}
        title="Confirm"
        description="Please choose."
        onClose={dismissible ? () => setOpen(false) : undefined}
        footer={
          <>
            <Button onClick={() => setOpen(false)}>First</Button>
            <Button disabled>Disabled</Button>
            <Button>Last</Button>
          </>
        }
      />
    </>
  );
}

describe('Dialog', () => {
  it('is a labelled, described modal dialog that takes focus', () => {
    render(<Harness dismissible={false} />);
    const dialog = screen.getByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Please choose.');
    expect(dialog).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog, skipping disabled buttons', async () => {
    const user = userEvent.setup();
    render(<Harness dismissible={false} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
  });

  it('makes the rest of the page inert while open', () => {
    render(<Harness dismissible={false} />);
    const outside = screen.getByText('Outside');
    expect(outside.closest('[inert]')).not.toBeNull();
  });

  it('ignores Escape when it has no onClose (blocking)', async () => {
    const user = userEvent.setup();
    render(<Harness dismissible={false} />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on Escape when dismissible and restores the page', async () => {
    const user = userEvent.setup();
    render(<Harness dismissible />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Outside').closest('[inert]')).toBeNull();
  });
});
