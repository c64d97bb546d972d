import { type SignUpDto } from '../../src/accounts/sign-up/sign-up.dto';

let n = 0;

/** A valid sign-up; every call a new username and email. */
export function buildSignUp(overrides: Partial<SignUpDto> = {}): SignUpDto {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  return {
    fullName: `Test Player ${n}`,
    username: `player_${tag}`,
    email: `player.${tag}@example.test`,
    password: `hop-up tight bore ${n}`,
    dateOfBirth: '1995-06-15',
    over18: true,
    acceptTerms: true,
    acceptPrivacy: true,
    sellerType: 'private',
    ...overrides,
  };
}
