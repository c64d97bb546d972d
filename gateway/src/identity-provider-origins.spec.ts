import { identityProviderOrigins } from './create-gateway';

describe('identityProviderOrigins', () => {
  it("is Keycloak's browser-facing origin, taken from the token issuer", () => {
    expect(
      identityProviderOrigins({ AUTH_ISSUER: 'https://sso.loadout.ie/realms/loadout' }),
    ).toEqual(['https://sso.loadout.ie']);
    expect(
      identityProviderOrigins({ AUTH_ISSUER: 'http://localhost:18080/realms/loadout' }),
    ).toEqual(['http://localhost:18080']);
  });

  it('adds nothing without an issuer', () => {
    expect(identityProviderOrigins({ AUTH_ISSUER: undefined })).toEqual([]);
  });
});
