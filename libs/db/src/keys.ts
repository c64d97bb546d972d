// Identifiers and keyset cursors: pure code, no database. Domain folders import this entry
// (`@loadout/db/keys`), never the barrel, which also brings the TypeORM data source.
export * from './ids';
export * from './keyset-cursor';
