// Test helpers for services built on the kit (not part of the runtime API).
export * from './service-under-test';
