import { buildEnvelope, causedBy, isEventEnvelope, type NewEvent } from './build-envelope';

const fixedDeps = {
  newId: () => '2f1d7c1e-8d0b-4a44-9d6c-0a5b0f2d9e11',
  now: () => new Date('2026-11-21T10:00:00.000Z'),
};

const created: NewEvent<'fields.field.created.v1'> = {
  type: 'fields.field.created.v1',
  aggregateId: 'field-1',
  payload: { fieldId: 'field-1', name: 'Ballykinler CQB', county: 'Down' },
};

describe('buildEnvelope', () => {
  it('fills id, version, time and tracing fields around the payload', () => {
    const env = buildEnvelope(
      created,
      { correlationId: 'req-7', causationId: 'req-7', actorId: 'user-3' },
      fixedDeps,
    );
    expect(env).toEqual({
      id: '2f1d7c1e-8d0b-4a44-9d6c-0a5b0f2d9e11',
      type: 'fields.field.created.v1',
      version: 1,
      aggregateId: 'field-1',
      occurredAt: '2026-11-21T10:00:00.000Z',
      correlationId: 'req-7',
      causationId: 'req-7',
      actorId: 'user-3',
      payload: { fieldId: 'field-1', name: 'Ballykinler CQB', county: 'Down' },
    });
  });

  it('records the active trace context when there is one (ADR 0040), and nothing otherwise', () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const traced = buildEnvelope(created, {}, { ...fixedDeps, traceparent: () => traceparent });
    expect(traced.traceparent).toBe(traceparent);
    expect(isEventEnvelope(traced)).toBe(true);
    const untraced = buildEnvelope(created, {}, { ...fixedDeps, traceparent: () => undefined });
    expect('traceparent' in untraced).toBe(false);
    // Tracing is off in this process: the default records none.
    expect('traceparent' in buildEnvelope(created)).toBe(false);
  });

  it('starts a new correlation chain at its own id when none is given', () => {
    const env = buildEnvelope(created, {}, fixedDeps);
    expect(env.correlationId).toBe(env.id);
    expect(env.causationId).toBeNull();
    expect(env.actorId).toBeNull();
  });

  it('gives every event a fresh uuid by default', () => {
    const a = buildEnvelope(created);
    const b = buildEnvelope(created);
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.id).not.toBe(b.id);
    expect(Date.parse(a.occurredAt)).not.toBeNaN();
  });

  it('takes the major version from the topic name', () => {
    const env = buildEnvelope({
      ...created,
      type: 'fields.field.created.v3' as 'fields.field.created.v1',
    });
    expect(env.version).toBe(3);
  });

  it('refuses a malformed topic or a missing aggregate id with a stable code', () => {
    expect(() =>
      buildEnvelope({ ...created, type: 'FieldCreated' as 'fields.field.created.v1' }),
    ).toThrow(expect.objectContaining({ code: 'EVENTS.INVALID_TOPIC' }));
    expect(() => buildEnvelope({ ...created, aggregateId: '' })).toThrow(
      expect.objectContaining({ code: 'EVENTS.MISSING_AGGREGATE_ID' }),
    );
  });
});

describe('causedBy', () => {
  it('keeps the correlation id and points causation at the handled event', () => {
    const cause = buildEnvelope(created, { correlationId: 'req-7', actorId: 'user-3' }, fixedDeps);
    expect(causedBy(cause)).toEqual({
      correlationId: 'req-7',
      causationId: cause.id,
      actorId: 'user-3',
    });
    expect(causedBy(cause, null).actorId).toBeNull();
  });
});

describe('isEventEnvelope', () => {
  it('accepts a built envelope and rejects other shapes', () => {
    const env = buildEnvelope(created);
    expect(isEventEnvelope(env)).toBe(true);
    expect(isEventEnvelope(JSON.parse(JSON.stringify(env)))).toBe(true);
    expect(isEventEnvelope({ ...env, id: 'not-a-uuid' })).toBe(false);
    expect(isEventEnvelope({ ...env, type: 'nope' })).toBe(false);
    expect(isEventEnvelope({ ...env, causationId: 5 })).toBe(false);
    // Trace context is optional and never a reason to drop an event.
    expect(isEventEnvelope({ ...env, traceparent: 5 })).toBe(true);
    const { payload: _payload, ...withoutPayload } = env;
    expect(isEventEnvelope(withoutPayload)).toBe(false);
    expect(isEventEnvelope('{}')).toBe(false);
    expect(isEventEnvelope(null)).toBe(false);
  });
});
