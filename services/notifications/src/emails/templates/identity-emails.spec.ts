import { PLATFORM_NOTICE } from './email-layout';
import {
  adminRoleEmail,
  passwordResetEmail,
  signInThrottledEmail,
  verificationEmail,
  welcomeEmail,
} from './identity-emails';

const verifyUrl = 'http://localhost:8080/auth/verify-email?token=abc_DEF-123';
const resetUrl = 'http://localhost:8080/auth/reset-password?token=xyz_789';
const expiresAt = '2026-11-25T14:30:00.000Z';

describe('verification email', () => {
  const mail = verificationEmail({ displayName: 'Aoife', verifyUrl, expiresAt });

  it('asks to verify, greets by display name and carries the link and its expiry', () => {
    expect(mail.subject).toBe('Verify your email for Loadout');
    expect(mail.text).toMatch(/^Hi Aoife,/);
    expect(mail.text).toContain(verifyUrl);
    expect(mail.text).toContain('expires on 25 November 2026 at 14:30 (Irish time)');
    expect(mail.html).toContain('Hi Aoife,');
    expect(mail.html).toContain(`href="${verifyUrl}"`);
    expect(mail.html).toContain('25 November 2026 at 14:30 (Irish time)');
  });

  it('is branded and says Loadout is a platform only, in text and HTML', () => {
    expect(mail.text).toContain(PLATFORM_NOTICE);
    expect(mail.text).toContain("Loadout · Ireland's airsoft marketplace");
    expect(mail.html).toContain('Loadout is a platform only');
    expect(mail.html).toMatch(/<title>Verify your email for Loadout<\/title>/);
  });

  it('escapes the display name and the link in the HTML', () => {
    const hostile = verificationEmail({
      displayName: '<script>alert("x")</script> & Co',
      verifyUrl: 'http://localhost:8080/auth/verify-email?token=a&next="><img src=x>',
      expiresAt,
    });
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(hostile.html).toContain('token=a&amp;next=%22%3E%3Cimg%20src=x%3E');
    // Plain text stays as written.
    expect(hostile.text).toContain('Hi <script>alert("x")</script> & Co,');
  });

  it('never turns a non-http link into a clickable one', () => {
    const bad = verificationEmail({
      displayName: 'A',
      verifyUrl: 'javascript:alert(1)',
      expiresAt,
    });
    expect(bad.html).not.toContain('href="javascript');
  });

  it('falls back to a neutral greeting and expiry when they are missing', () => {
    const plain = verificationEmail({ displayName: '  ', verifyUrl, expiresAt: 'never' });
    expect(plain.text).toMatch(/^Hi there,/);
    expect(plain.text).toContain('This link expires soon.');
  });
});

describe('password reset email', () => {
  const mail = passwordResetEmail({ displayName: 'Ciarán', resetUrl, expiresAt });

  it('carries the reset link and tells people who did not ask to ignore it', () => {
    expect(mail.subject).toBe('Reset your Loadout password');
    expect(mail.text).toMatch(/^Hi Ciarán,/);
    expect(mail.text).toContain(resetUrl);
    expect(mail.text).toContain("If you didn't ask, ignore this email");
    expect(mail.html).toContain(`href="${resetUrl}"`);
    expect(mail.html).toContain('If you didn&#39;t ask, ignore this email');
    expect(mail.text).toContain(PLATFORM_NOTICE);
  });
});

describe('welcome email', () => {
  it('welcomes the verified user and links to sign in', () => {
    const mail = welcomeEmail({ displayName: 'Aoife', publicUrl: 'http://localhost:8080' });
    expect(mail.subject).toBe('Welcome to Loadout');
    expect(mail.text).toContain('http://localhost:8080/auth');
    expect(mail.html).toContain('href="http://localhost:8080/auth"');
    expect(mail.text).toContain(PLATFORM_NOTICE);
  });

  it('greets without a name when none is known', () => {
    expect(welcomeEmail({ displayName: null, publicUrl: 'https://loadout.ie' }).text).toMatch(
      /^Hi there,/,
    );
  });
});

describe('admin role email', () => {
  it('tells the user to sign in again to see the Admin Dashboard', () => {
    const mail = adminRoleEmail({ displayName: 'Sé', publicUrl: 'https://loadout.ie' });
    expect(mail.subject).toBe('You are now a Loadout administrator');
    expect(mail.text).toContain('Sign out and sign in again to see the Admin Dashboard.');
    expect(mail.html).toContain('href="https://loadout.ie/admin"');
    expect(mail.text).toContain(PLATFORM_NOTICE);
  });
});

describe('sign-in throttled email (ADR 0021)', () => {
  const mail = signInThrottledEmail({
    displayName: 'Aoife',
    failedAttempts: 5,
    windowMinutes: 15,
    resetUrl: 'http://localhost:8080/auth/forgot-password',
  });

  it('says how many wrong passwords, that the account is not locked, and links the reset', () => {
    expect(mail.subject).toBe('Someone is trying to sign in to your Loadout account');
    expect(mail.text).toMatch(/^Hi Aoife,/);
    expect(mail.text).toContain('5 times in the last 15 minutes');
    expect(mail.text).toContain('Your account is not locked');
    expect(mail.text).toContain('http://localhost:8080/auth/forgot-password');
    expect(mail.html).toContain('href="http://localhost:8080/auth/forgot-password"');
    expect(mail.text).toContain(PLATFORM_NOTICE);
  });
});
