import './account.css';
import { Route, Routes } from '@loadout/web';
import { AuthPage } from './auth/AuthPage';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage';
import { PasswordPageFor } from './auth/ProviderAware';
import { ResetPasswordPage } from './auth/ResetPasswordPage';
import { VerifyEmailPage } from './auth/VerifyEmailPage';
import { ProfilePage } from './profile/ProfilePage';
import { PublicProfilePage } from './profile/PublicProfilePage';
import { AccountNotFoundPage } from './profile/AccountNotFoundPage';

/**
 * Exposed as `account/routes`. The shell mounts it under a catch-all route for the paths its
 * route table gives this remote, so the paths here are absolute.
 */
export function AccountRoutes() {
  return (
    <Routes>
      <Route path="/auth" element={<AuthPage />} />
      <Route path="/auth/verify-email" element={<VerifyEmailPage />} />
      <Route
        path="/auth/forgot-password"
        element={<PasswordPageFor embedded={<ForgotPasswordPage />} />}
      />
      <Route
        path="/auth/reset-password"
        element={<PasswordPageFor embedded={<ResetPasswordPage />} />}
      />
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/profile/:username" element={<PublicProfilePage />} />
      <Route path="*" element={<AccountNotFoundPage />} />
    </Routes>
  );
}

export default AccountRoutes;
