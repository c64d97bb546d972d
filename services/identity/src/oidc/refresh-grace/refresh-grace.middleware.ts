import type { ProviderMiddleware, ProviderRequestContext } from 'oidc-provider';
import { type RefreshResults } from '../persistence/refresh-results';
import { runInRedemptionScope, type RedemptionState } from './redemption-scope';

export interface RefreshGraceOptions {
  /** How long a rotation's answer is shared with requests that bring the same old token. */
  graceSeconds: number;
  /** How long a losing request waits for the winner to finish its answer. */
  waitForWinnerMs: number;
  pollEveryMs: number;
}

export const REFRESH_GRACE: RefreshGraceOptions = {
  graceSeconds: 10,
  waitForWinnerMs: 3_000,
  pollEveryMs: 50,
};

const isTokenAnswer = (body: unknown): body is { refresh_token: string } =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as Record<string, unknown>)['refresh_token'] === 'string';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Around the provider's token endpoint (issue 22, item 5). Several tabs of one browser refresh
 * with the same refresh token at once: the storage adapter lets exactly one consume it (the
 * winner, whose answer is kept here for the grace window) and marks the others as losers, which
 * get the winner's answer instead of invalid_grant — the error that signs a tab out. A loser whose
 * winner produced no answer (it failed) or that belongs to another client gets invalid_grant.
 */
export function refreshGraceMiddleware(
  results: RefreshResults,
  options: RefreshGraceOptions = REFRESH_GRACE,
): ProviderMiddleware {
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || ctx.path !== '/token') return next();
    const state: RedemptionState = {};
    await runInRedemptionScope(state, next);

    if (state.won && ctx.status === 200 && isTokenAnswer(ctx.body)) {
      await results.keep(state.won, ctx.body, options.graceSeconds);
    } else if (state.lost) {
      const clientId = ctx.oidc?.client?.clientId;
      const shared = clientId
        ? await waitForAnswer(results, state.lost.tokenId, clientId, options)
        : null;
      if (shared) answer(ctx, 200, shared);
      else
        answer(ctx, 400, { error: 'invalid_grant', error_description: 'grant request is invalid' });
    }
  };
}

async function waitForAnswer(
  results: RefreshResults,
  tokenId: string,
  clientId: string,
  options: RefreshGraceOptions,
): Promise<Record<string, unknown> | null> {
  const deadline = Date.now() + options.waitForWinnerMs;
  for (;;) {
    const found = await results.find(tokenId, clientId);
    if (found === 'refused') return null;
    if (found !== 'pending') return found.answer;
    if (Date.now() >= deadline) return null;
    await sleep(options.pollEveryMs);
  }
}

function answer(ctx: ProviderRequestContext, status: number, body: Record<string, unknown>): void {
  ctx.status = status;
  ctx.body = body;
  ctx.set('cache-control', 'no-store');
}
