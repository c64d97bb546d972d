declare const txBrand: unique symbol;

/**
 * An open unit of work, opaque to handlers and domain code: they pass it from
 * `UnitOfWork.transaction()` (or `read()`) to repositories and never see what is inside. Only
 * persistence code opens it, with `entityManagerOf(tx)` from `@loadout/service-kit`. This file
 * imports nothing, so a `domain/` folder may name the type in its repository ports.
 */
export interface Tx {
  readonly [txBrand]: 'Tx';
}
