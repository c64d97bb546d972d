import { Badge, Card, CardGrid, TextField } from '@loadout/ui';
import { usePageMeta, useLocation } from '@loadout/web';
import { useEffect, useId, useState } from 'react';
import {
  BB_MAX_GRAMS,
  BB_MIN_GRAMS,
  IRISH_LIMIT_JOULES,
  REFERENCE_BB_GRAMS,
  type VelocityUnit,
  calculateShot,
  fpsToMps,
  isValidBbWeight,
  maxVelocityForLimit,
  mpsToFps,
  roundTo,
} from '@loadout/listing-rules';

const UNIT_LABELS: Record<VelocityUnit, string> = { fps: 'fps', mps: 'm/s' };

function parse(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** Re-expresses the typed velocity in the other unit so the energy stays the same. */
function convertVelocityText(text: string, to: VelocityUnit): string {
  const value = parse(text);
  if (!Number.isFinite(value)) return text;
  return String(to === 'mps' ? roundTo(fpsToMps(value), 2) : roundTo(mpsToFps(value), 1));
}

function UnitToggle({
  unit,
  onChange,
}: {
  unit: VelocityUnit;
  onChange: (unit: VelocityUnit) => void;
}) {
  const name = useId();
  return (
    <fieldset className="fps-unit">
      <legend className="lo-field__label">Velocity unit</legend>
      <div className="fps-unit__options">
        {(['fps', 'mps'] as const).map((u) => (
          <label key={u} className="fps-unit__option">
            <input
              type="radio"
              name={name}
              value={u}
              checked={unit === u}
              onChange={() => onChange(u)}
            />
            <span>{u === 'fps' ? 'Feet per second (fps)' : 'Metres per second (m/s)'}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function FpsCalculatorPage() {
  usePageMeta(
    'FPS Calculator',
    'Convert fps or m/s and BB weight to joules, and check a replica against the Irish 1 joule limit.',
  );
  const { hash } = useLocation();
  const [unit, setUnit] = useState<VelocityUnit>('fps');
  const [velocityText, setVelocityText] = useState('350');
  const [bbText, setBbText] = useState(REFERENCE_BB_GRAMS.toFixed(2));
  const [limitText, setLimitText] = useState(IRISH_LIMIT_JOULES.toFixed(2));

  // The shell cannot scroll to #education before this remote has rendered it.
  useEffect(() => {
    if (hash === '#education') document.getElementById('education')?.scrollIntoView();
  }, [hash]);

  const velocity = parse(velocityText);
  const bbGrams = parse(bbText);
  const limit = parse(limitText);
  const velocityValid = Number.isFinite(velocity) && velocity > 0;
  const bbValid = isValidBbWeight(bbGrams);
  const limitValid = Number.isFinite(limit) && limit > 0;

  const shot = velocityValid && bbValid ? calculateShot(velocity, unit, bbGrams) : null;
  const maxForLimit = limitValid && bbValid ? maxVelocityForLimit(limit, bbGrams) : null;
  const bbLabel = bbValid ? `${bbGrams.toFixed(2)} g` : 'your';

  const changeUnit = (next: VelocityUnit) => {
    if (next === unit) return;
    setVelocityText((text) => convertVelocityText(text, next));
    setUnit(next);
  };

  return (
    <div className="lo-container fields-page fps-page">
      <header className="fields-head">
        <h1>FPS and Joules Calculator</h1>
        <p>
          Work out a replica&apos;s muzzle energy from its chronograph reading and BB weight, and
          check it against the Irish 1 joule limit.
        </p>
      </header>

      <CardGrid as="div" tracks="fit" align="start" minColumnWidth="300px">
        <Card as="section" aria-labelledby="fps-input-title" className="fps-card">
          <h2 id="fps-input-title">Your replica</h2>
          <form className="fps-form" onSubmit={(event) => event.preventDefault()}>
            <UnitToggle unit={unit} onChange={changeUnit} />
            <TextField
              label={`Muzzle velocity (${UNIT_LABELS[unit]})`}
              type="number"
              inputMode="decimal"
              min={0}
              step={unit === 'fps' ? 1 : 0.01}
              value={velocityText}
              onChange={(event) => setVelocityText(event.target.value)}
              error={
                velocityText.trim() !== '' && !velocityValid
                  ? 'Enter a velocity greater than 0.'
                  : undefined
              }
            />
            <TextField
              label="BB weight (g)"
              type="number"
              inputMode="decimal"
              min={BB_MIN_GRAMS}
              max={BB_MAX_GRAMS}
              step={0.01}
              value={bbText}
              onChange={(event) => setBbText(event.target.value)}
              hint={`From ${BB_MIN_GRAMS.toFixed(2)} g to ${BB_MAX_GRAMS.toFixed(2)} g. Chronograph readings are usually taken with ${REFERENCE_BB_GRAMS.toFixed(2)} g BBs.`}
              error={
                bbValid
                  ? undefined
                  : `Enter a BB weight between ${BB_MIN_GRAMS.toFixed(2)} g and ${BB_MAX_GRAMS.toFixed(2)} g.`
              }
            />
          </form>
        </Card>

        <Card as="section" aria-labelledby="fps-result-title" className="fps-card fps-results">
          <h2 id="fps-result-title">Results</h2>
          {shot ? (
            <>
              <dl className="fps-results__list" aria-live="polite">
                <div className="fps-results__main">
                  <dt>Muzzle energy</dt>
                  <dd>
                    <output className="fps-joules" data-testid="fps-joules">
                      {shot.joules.toFixed(2)} J
                    </output>
                  </dd>
                </div>
                <div>
                  <dt>Velocity in m/s</dt>
                  <dd>{shot.mps.toFixed(2)} m/s</dd>
                </div>
                <div>
                  <dt>Velocity in fps</dt>
                  <dd>{Math.round(shot.fps)} fps</dd>
                </div>
                <div>
                  <dt>Equivalent with {REFERENCE_BB_GRAMS.toFixed(2)} g BBs</dt>
                  <dd>{Math.round(shot.equivalentFpsAtReference)} fps</dd>
                </div>
              </dl>
              {shot.overIrishLimit ? (
                <div className="fps-verdict fps-verdict--over" role="alert">
                  <Badge tone="danger">Over the Irish 1 J limit</Badge>
                  <p>
                    Above 1 joule an air gun is a firearm under the Firearms Act 1925. This replica
                    cannot legally be used as an airsoft replica in Ireland, and cannot be listed on
                    Loadout.
                  </p>
                </div>
              ) : (
                <div className="fps-verdict fps-verdict--ok" role="status">
                  <Badge tone="success">Within the Irish 1 J limit</Badge>
                  <p>At or below 1 joule. Individual fields may set lower limits.</p>
                </div>
              )}
            </>
          ) : (
            <p className="fps-results__empty">
              Enter a muzzle velocity and a BB weight between {BB_MIN_GRAMS.toFixed(2)} g and{' '}
              {BB_MAX_GRAMS.toFixed(2)} g to see the muzzle energy.
            </p>
          )}
        </Card>

        <Card as="section" aria-labelledby="fps-limit-title" className="fps-card">
          <h2 id="fps-limit-title">Maximum velocity for a limit</h2>
          <TextField
            label="Joule limit (J)"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            value={limitText}
            onChange={(event) => setLimitText(event.target.value)}
            hint="The Irish legal limit is 1.00 J; a field may set a lower one."
            error={limitValid ? undefined : 'Enter a limit greater than 0.'}
          />
          {maxForLimit ? (
            <p className="fps-limit-result" aria-live="polite">
              With {bbLabel} BBs, stay at or below{' '}
              <strong data-testid="fps-max">{maxForLimit.fpsFloor} fps</strong> (
              {maxForLimit.mps.toFixed(2)} m/s) for {limit.toFixed(2)} joules.
            </p>
          ) : null}
        </Card>
      </CardGrid>

      <section
        id="education"
        tabIndex={-1}
        aria-labelledby="education-title"
        className="fps-education"
      >
        <h2 id="education-title">The physics and the law</h2>
        <h3>Muzzle energy</h3>
        <p>
          A BB&apos;s energy as it leaves the barrel is <strong>E = ½mv²</strong>: half its mass (in
          kilograms) times its velocity (in metres per second) squared. A 0.20 g BB weighs 0.0002
          kg.
        </p>
        <h3>Feet per second</h3>
        <p>
          Chronographs usually read in feet per second. <strong>1 fps = 0.3048 m/s</strong>, so 328
          fps is about 100 m/s, and a 0.20 g BB at that speed carries about one joule.
        </p>
        <h3>Why joules, not fps</h3>
        <p>
          The same replica fires heavier BBs more slowly but with about the same energy, so an fps
          figure means little without the BB weight. Compare joules, or quote fps with 0.20 g BBs as
          the equivalent reading above does.
        </p>
        <h3>The law in Ireland</h3>
        <p>
          Under the Firearms Act 1925, as amended, an air gun with a muzzle energy above 1 joule is
          a firearm and needs a firearms certificate. Airsoft replicas must therefore stay at or
          below 1 joule. Loadout refuses replica listings above 1.00 J, and every replica listing
          shows its measured energy.
        </p>
      </section>
    </div>
  );
}
