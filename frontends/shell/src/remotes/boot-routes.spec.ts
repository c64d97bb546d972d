// The boot script's route table (pwa/build.cjs, built from remote-routes.ts) must send every
// path to the same remote as the shell's own matcher, or it would preload the wrong entry.
import { REMOTE_ROUTES, matchRemoteRoute } from './remote-routes';

// Jest runs this in Node; the shell's tsconfig has browser typings only.
declare const require: (id: string) => unknown;
declare const __dirname: string;

const { routeTable } = require('../../pwa/build.cjs') as {
  routeTable: (dir: string) => Array<[string, string]>;
};

const bootMatch = (table: Array<[string, string]>, path: string): string | null =>
  table.find(([re]) => new RegExp(re).test(path))?.[1] ?? null;

describe('boot script route table', () => {
  const table = routeTable(`${__dirname}/../..`);

  it('has one entry per remote route', () => {
    expect(table).toHaveLength(REMOTE_ROUTES.length);
  });

  it.each([
    '/fields',
    '/field/abc',
    '/fps-calculator',
    '/marketplace',
    '/marketplace/how-results-are-ranked',
    '/listing/demo-listing-00000001',
    '/sell',
    '/sell/listings',
    '/seller/u1',
    '/auth',
    '/auth/forgot-password',
    '/profile/niamh',
    '/checkout/l1',
    '/messages',
    '/messages/c1',
    '/admin',
    '/',
    '/terms',
    '/nope/at/all',
  ])('%s goes to the same remote as the shell', (path) => {
    expect(bootMatch(table, path)).toBe(matchRemoteRoute(path)?.remote ?? null);
  });
});
