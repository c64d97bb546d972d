export * from './data-source';
export * from './sql-executor';
export * from './keys';
export * from './retried-tasks';
export * from './entity-columns';
