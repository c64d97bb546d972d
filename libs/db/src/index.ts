export * from './data-source';
export * from './keyset-cursor';
export * from './sql-executor';
export * from './ids';
