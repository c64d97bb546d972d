import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CardGrid } from './CardGrid';
import { TextAreaField } from './TextField';

describe('TextAreaField', () => {
  it('labels the textarea and describes it with the hint and the error', async () => {
    render(<TextAreaField label="Bio" hint="Optional." error="Too long" size="tall" />);
    const area = screen.getByRole('textbox', { name: 'Bio' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAccessibleDescription('Optional. Too long');
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveClass('lo-textarea', 'lo-textarea--tall');
    await userEvent.type(area, 'Two\nlines');
    expect(area).toHaveValue('Two\nlines');
  });
});

describe('CardGrid', () => {
  it('renders a list of cards with its narrowest column width', () => {
    render(
      <CardGrid aria-label="Results" minColumnWidth="280px">
        <li>One</li>
        <li>Two</li>
      </CardGrid>,
    );
    const list = screen.getByRole('list', { name: 'Results' });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveClass('lo-card-grid');
    expect(list.style.getPropertyValue('--lo-card-grid-min')).toBe('280px');
  });

  it('renders panels in a div that stretches them across the row', () => {
    const { container } = render(
      <CardGrid as="div" tracks="fit" align="start">
        <section>Panel</section>
      </CardGrid>,
    );
    expect(container.firstChild).toHaveClass('lo-card-grid--fit', 'lo-card-grid--start');
    expect((container.firstChild as HTMLElement).tagName).toBe('DIV');
  });
});
