import { type TestIssuer } from '@loadout/auth/testing';
import { newId } from '@loadout/db';

export interface TestSeller {
  id: string;
  token: string;
}

/** Signs in fresh sellers: their own id also isolates their listings via `sellerId`. */
export const newSellerFactory =
  (issuer: TestIssuer) =>
  async (name = 'Test Seller'): Promise<TestSeller> => {
    const id = newId();
    const token = await issuer.sign({
      sub: id,
      preferred_username: `u_${id.slice(0, 6)}`,
      name,
      roles: ['user'],
    });
    return { id, token };
  };
