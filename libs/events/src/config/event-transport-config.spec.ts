import { eventTransportConfigFromEnv } from './event-transport-config';

const databaseUrl = 'postgres://u@localhost/loadout';

describe('eventTransportConfigFromEnv', () => {
  it('defaults to the postgres transport on the service database', () => {
    expect(eventTransportConfigFromEnv({}, { databaseUrl })).toEqual({
      kind: 'postgres',
      connectionString: databaseUrl,
    });
    expect(eventTransportConfigFromEnv({ EVENT_TRANSPORT: '' }, { databaseUrl }).kind).toBe(
      'postgres',
    );
  });

  it('reads Kafka brokers as a comma list or an already parsed array', () => {
    expect(
      eventTransportConfigFromEnv(
        { EVENT_TRANSPORT: 'kafka', KAFKA_BROKERS: 'a:9092, b:9092,' },
        { databaseUrl, clientId: 'fields' },
      ),
    ).toEqual({ kind: 'kafka', brokers: ['a:9092', 'b:9092'], clientId: 'fields' });
    expect(
      eventTransportConfigFromEnv(
        { EVENT_TRANSPORT: 'kafka', KAFKA_BROKERS: ['k:9092'], KAFKA_CLIENT_ID: 'fields-2' },
        { databaseUrl, clientId: 'fields' },
      ),
    ).toEqual({ kind: 'kafka', brokers: ['k:9092'], clientId: 'fields-2' });
  });

  it('stops start-up naming the variable that is missing or wrong', () => {
    expect(() =>
      eventTransportConfigFromEnv({ EVENT_TRANSPORT: 'kafka' }, { databaseUrl }),
    ).toThrow(/KAFKA_BROKERS/);
    expect(() =>
      eventTransportConfigFromEnv({ EVENT_TRANSPORT: 'rabbit' }, { databaseUrl }),
    ).toThrow(
      expect.objectContaining({
        code: 'EVENTS.INVALID_CONFIG',
        message: expect.stringContaining('EVENT_TRANSPORT'),
      }),
    );
  });
});
