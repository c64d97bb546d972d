export {
  API_PREFIX,
  ApiError,
  apiFetch,
  apiUrl,
  isApiError,
  setAccessTokenProvider,
  type ApiFetchInit,
  type QueryValue,
} from './api-client';
export {
  DESCRIPTION_MAX,
  TITLE_MAX,
  formatListingPrice,
  formatMonthYear,
  formatPrice,
  formatShortDate,
  memberSince,
  relativeTime,
  truncate,
  truncateDescription,
  truncateTitle,
} from './format';
export { SITE_NAME, SITE_TAGLINE, applyPageMeta, pageTitle, usePageMeta } from './page-meta';
export {
  QUERY_SETTINGS,
  createQueryClient,
  isRetryableError,
  shouldRetryQuery,
} from './query-client';
export {
  type AuthClaims,
  type AuthClient,
  type AuthInitResult,
  type AuthRedirectOptions,
} from './auth-client';
export { LiveSessionProvider, type LiveSessionProviderProps } from './live-session';
export {
  LOADING_STATE,
  SIGNED_IN_FLAG_KEY,
  SIGNED_OUT_STATE,
  SessionProvider,
  createSession,
  isAdmin,
  markSignedIn,
  signedInState,
  useSession,
  type LoginOptions,
  type Session,
  type SessionActions,
  type SessionProviderProps,
  type SessionRole,
  type SessionState,
  type SessionStatus,
  type SessionUser,
} from './session';
export {
  AUTH_INIT_TIMEOUT_MS,
  REDIRECT_AFTER_SIGN_IN_KEY,
  TOKEN_MIN_VALIDITY,
  createSessionController,
  isSafeRedirect,
  type MeProfile,
  type SessionController,
  type SessionControllerOptions,
} from './session-controller';
export { TOASTER_SETTINGS, renderStandaloneRemote } from './standalone';
