import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../test-utils';

async function setVelocity(user: ReturnType<typeof userEvent.setup>, label: RegExp, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}

describe('FpsCalculatorPage', () => {
  it('shows 1.14 J and an over-limit warning for 350 fps with 0.20 g BBs', async () => {
    const user = userEvent.setup();
    renderRoutes('/fps-calculator');
    await setVelocity(user, /Muzzle velocity \(fps\)/, '350');
    expect(screen.getByLabelText('BB weight (g)')).toHaveValue(0.2);
    expect(screen.getByTestId('fps-joules')).toHaveTextContent('1.14 J');
    expect(screen.getAllByText('1.14 J')).toHaveLength(1);
    expect(screen.getByText('106.68 m/s')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Over the Irish 1 J limit');
    expect(document.title).toBe('FPS Calculator | Loadout');
  });

  it('shows 1.00 J within the limit for 328 fps', async () => {
    const user = userEvent.setup();
    renderRoutes('/fps-calculator');
    await setVelocity(user, /Muzzle velocity/, '328');
    expect(screen.getByTestId('fps-joules')).toHaveTextContent('1.00 J');
    expect(screen.getByText('Within the Irish 1 J limit')).toBeInTheDocument();
  });

  it('converts the velocity when switching to m/s and keeps the energy', async () => {
    const user = userEvent.setup();
    renderRoutes('/fps-calculator');
    await setVelocity(user, /Muzzle velocity/, '350');
    await user.click(screen.getByRole('radio', { name: 'Metres per second (m/s)' }));
    expect(screen.getByLabelText('Muzzle velocity (m/s)')).toHaveValue(106.68);
    expect(screen.getByTestId('fps-joules')).toHaveTextContent('1.14 J');
  });

  it('gives the 0.20 g equivalent for heavier BBs', async () => {
    const user = userEvent.setup();
    renderRoutes('/fps-calculator');
    await setVelocity(user, /Muzzle velocity/, '300');
    const bb = screen.getByLabelText('BB weight (g)');
    await user.clear(bb);
    await user.type(bb, '0.25');
    // 300 fps × √(0.25 / 0.20) ≈ 335 fps
    expect(screen.getByText('335 fps')).toBeInTheDocument();
  });

  it('rejects BB weights outside 0.12–0.48 g', async () => {
    const user = userEvent.setup();
    renderRoutes('/fps-calculator');
    const bb = screen.getByLabelText('BB weight (g)');
    await user.clear(bb);
    await user.type(bb, '0.6');
    expect(bb).toHaveAccessibleDescription(/Enter a BB weight between 0.12 g and 0.48 g/);
    expect(screen.queryByTestId('fps-joules')).not.toBeInTheDocument();
  });

  it('gives the maximum fps for the chosen joule limit (default 1.00 J)', async () => {
    const user = userEvent.setup();
    renderRoutes('/fps-calculator');
    expect(screen.getByLabelText('Joule limit (J)')).toHaveValue(1);
    expect(screen.getByTestId('fps-max')).toHaveTextContent('328 fps');
    const limit = screen.getByLabelText('Joule limit (J)');
    await user.clear(limit);
    await user.type(limit, '0.9');
    expect(screen.getByTestId('fps-max')).toHaveTextContent('311 fps');
  });

  it('explains the physics and the law in #education, scrolled into view', () => {
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderRoutes('/fps-calculator#education');
    const education = document.getElementById('education');
    expect(scrollIntoView).toHaveBeenCalled();
    expect(scrollIntoView.mock.contexts[0]).toBe(education);
    expect(education).toHaveTextContent('E = ½mv²');
    expect(education).toHaveTextContent('1 fps = 0.3048 m/s');
    expect(education).toHaveTextContent('Firearms Act 1925');
  });
});
