// Test helpers for code that publishes or consumes events (not part of the runtime API).
export * from './fake-kafka';
export * from './wait-for';
export * from './outbox-publisher';
