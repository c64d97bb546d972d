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
  formatPrice,
  formatShortDate,
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
  SessionProvider,
  isAdmin,
  useSession,
  type Session,
  type SessionProviderProps,
  type SessionUser,
} from './session';
