export * from './envelope';
export * from './topic-name';
export * from './event-payloads';
export * from './fields/field-created-v1';
export * from './fields/field-updated-v1';
export * from './fields/field-deleted-v1';
