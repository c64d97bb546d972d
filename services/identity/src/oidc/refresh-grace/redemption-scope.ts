import { AsyncLocalStorage } from 'node:async_hooks';

/** A refresh token this token request consumed, with what its answer is kept under. */
export interface WonRedemption {
  tokenId: string;
  grantId: string | null;
  accountId: string | null;
  clientId: string | null;
}

/**
 * What the storage adapter learned while the provider handled one token request: whether this
 * request consumed a refresh token (it rotated it: the winner), or found it already consumed by
 * another request inside the grace window (a loser: it gets the winner's answer).
 */
export interface RedemptionState {
  won?: WonRedemption;
  lost?: { tokenId: string };
}

const scope = new AsyncLocalStorage<RedemptionState>();

export const runInRedemptionScope = <T>(state: RedemptionState, fn: () => Promise<T>) =>
  scope.run(state, fn);

/** The state of the token request being handled, or undefined outside one. */
export const currentRedemption = (): RedemptionState | undefined => scope.getStore();
