export {
  API_PREFIX,
  ApiError,
  apiFetch,
  apiUrl,
  getAccessToken,
  isApiError,
  setAccessTokenProvider,
  takePrefetched,
  type ApiFetchInit,
  type QueryValue,
} from './api-client';
export { serverFieldErrors, type ServerFieldErrors, type ServerFieldMap } from './field-errors';
export {
  DESCRIPTION_MAX,
  TITLE_MAX,
  formatCount,
  formatListingPrice,
  formatMonthYear,
  formatPrice,
  formatShortDate,
  lazy,
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
  NOTIFICATIONS_LIMIT,
  NOTIFICATIONS_REFRESH_MS,
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  markNotificationsSeen,
  notificationTarget,
  notificationsKey,
} from './notifications/notifications.api';
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
export {
  SUGGESTION_DEBOUNCE_MS,
  fetchSearchSuggestions,
  searchSuggestionKeys,
  suggestionPath,
} from './search-suggestions.api';
export { useSearchSuggestions } from './search-suggestions.hooks';
export { useDebouncedValue } from './use-debounced-value';
export {
  LISTINGS_PAGE_SIZE,
  SELLER_TYPE_LABELS,
  favoriteKeys,
  fetchFavoriteIds,
  fetchFavorites,
  fetchFeatured,
  fetchListing,
  fetchListingStats,
  fetchListings,
  listingKeys,
  removeListing,
  setFavorite,
  setListingFeatured,
  type ListingFilters,
} from './listings/listings.api';
export {
  cancelUpload,
  completeUpload,
  createListing,
  createUpload,
  fetchMyListings,
  fetchOwnListing,
  listingSaved,
  type MyListingDto,
  type MyListingsResponse,
  publishListing,
  updateListing,
  withdrawListing,
} from './listings/seller-listings.api';
export {
  useActiveListingCount,
  useFeaturedListings,
  useListing,
  useRemoveListing,
  useSellerListings,
  useSetListingFeatured,
} from './listings/listings.hooks';
export {
  ORDERS_PAGE_SIZE,
  cancelOrder,
  confirmDelivery,
  createOrder,
  fetchOrder,
  fetchMyOrderOfListing,
  fetchOrders,
  fetchPaymentsConfig,
  fetchPayoutAccount,
  newIdempotencyKey,
  orderKeys,
  payOrder,
  shipOrder,
  startPayoutOnboarding,
} from './orders/orders.api';
export {
  ORDER_POLL_MS,
  useCancelOrder,
  useConfirmDelivery,
  useCreateOrder,
  useMyOrderOfListing,
  useOrder,
  useOrders,
  usePayOrder,
  usePaymentsConfig,
  usePayoutAccount,
  useShipOrder,
  useStartPayoutOnboarding,
  type OrderActionVariables,
  type UseOrderOptions,
} from './orders/orders.hooks';
export {
  acceptDisputeProposal,
  confirmReturn,
  disputeKeys,
  fetchDispute,
  fetchDisputes,
  markReturnShipped,
  openDispute,
  postDisputeMessage,
  respondToDispute,
  withdrawDispute,
} from './disputes/disputes.api';
export {
  useAcceptDisputeProposal,
  useConfirmReturn,
  useDispute,
  useDisputes,
  useMarkReturnShipped,
  useOpenDispute,
  usePostDisputeMessage,
  useRespondToDispute,
  useWithdrawDispute,
  type DisputeActionVariables,
} from './disputes/disputes.hooks';
export {
  DISPUTE_PHOTOS_PER_POST,
  disputePhotoUrl,
  uploadDisputePhoto,
} from './disputes/dispute-photos.api';
export {
  acceptOffer,
  counterOffer,
  declineOffer,
  fetchOffer,
  fetchOffers,
  makeOffer,
  offerKeys,
  withdrawOffer,
} from './offers/offers.api';
export {
  useAcceptOffer,
  useCounterOffer,
  useDeclineOffer,
  useMakeOffer,
  useOffers,
  useWithdrawOffer,
  type OfferActionVariables,
} from './offers/offers.hooks';
export { euroToCents, previewAmounts } from './offers/offer-money';
export {
  fetchAllMessages,
  fetchConversations,
  fetchUnreadMessageCount,
  markConversationRead,
  messagingKeys,
  postMessage,
  sendMessage,
  setConversationBlocked,
  startConversation,
} from './messaging/messaging.api';
export {
  MESSAGE_PHOTO_REFUSALS,
  PHOTO_SEND_MAX_SIDE,
  checkPhotoFile,
  fetchMessagePhoto,
  shrinkPhoto,
  uploadMessagePhoto,
  uploadPhotoTo,
  type PhotoUploadOptions,
} from './messaging/message-photos.api';
export { useMessagePhoto } from './messaging/message-photos.hooks';
export {
  type PhotoUpload,
  type PhotoUploads,
  type PhotoUploadsOptions,
  usePhotoUploads,
} from './use-photo-uploads';
export { photoContentType, photoRefusal } from './photo-file';
export {
  RealtimeClient,
  defaultRealtimeUrl,
  type RealtimeClientOptions,
  type RealtimeStatus,
} from './messaging/realtime-client';
export { applyRealtimeEvent, useMessagingRealtime } from './messaging/use-messaging-realtime';
export { useSignInPrompt } from './use-sign-in-prompt';
export {
  emailPreferencesKeys,
  fetchEmailPreferences,
  updateEmailPreferences,
  type EmailPreferences,
  type EmailPreferencesUpdate,
} from './notifications/email-preferences.api';
export {
  useEmailPreferences,
  useUpdateEmailPreferences,
} from './notifications/email-preferences.hooks';
// The one router of every frontend (see router.ts).
export * from './router';
export { appealDecision, submitBugReport, submitReport } from './reports/reports.api';
export { useAppealDecision, useSubmitBugReport, useSubmitReport } from './reports/reports.hooks';
export {
  REPORT_REQUEST_EVENT,
  onReportRequest,
  requestReport,
  type ReportSubject,
} from './reports/report-requests';
export { useReportRequests } from './reports/use-report-requests';
export {
  ADMIN_PAGE_SIZE,
  adminKeys,
  decideAppeal,
  decideCase,
  discardDeadLetter,
  discardParkedJob,
  fetchAdminStats,
  fetchAuditLog,
  fetchBugReports,
  fetchCase,
  fetchCases,
  fetchDeadLetters,
  fetchParkedJobs,
  fetchStatementTemplates,
  replayDeadLetter,
  retryParkedJob,
  updateBugReport,
  type AuditFilters,
  type BugReportFilters,
  type CaseFilters,
  type StatementTemplate,
} from './admin/admin.api';
export {
  useAdminStats,
  useAuditLog,
  useBugReports,
  useCase,
  useCases,
  useDeadLetters,
  useDecideAppeal,
  useDecideCase,
  useDiscardDeadLetter,
  useDiscardParkedJob,
  useParkedJobs,
  useReplayDeadLetter,
  useRetryParkedJob,
  useStatementTemplates,
  useUpdateBugReport,
  type DeadLetterRef,
} from './admin/admin.hooks';
export {
  adminOrderKeys,
  decideDispute,
  fetchAdminUserListings,
  fetchAdminUserOrders,
  fetchDisputeQueue,
  fetchOrderLedger,
  refundOrder,
  type DisputeQueueFilters,
} from './admin/admin-orders.api';
export {
  useAdminUserListings,
  useAdminUserOrders,
  useDecideDispute,
  useDisputeQueue,
  useOrderLedger,
  useRefundOrder,
} from './admin/admin-orders.hooks';
export {
  adminUserKeys,
  changeUserRole,
  fetchAdminUser,
  reinstateUser,
  searchAdminUsers,
  suspendUser,
} from './admin/admin-users.api';
export {
  useAdminUser,
  useAdminUsers,
  useChangeUserRole,
  useReinstateUser,
  useSuspendUser,
} from './admin/admin-users.hooks';
export {
  REVIEWS_PAGE_SIZE,
  fetchOrderReview,
  fetchUserReviews,
  leaveReview,
  replyToReview,
  reviewKeys,
} from './reviews/reviews.api';
export {
  useLeaveReview,
  useOrderReview,
  useReplyToReview,
  useUserReviews,
} from './reviews/reviews.hooks';
export {
  addAddress,
  addressKeys,
  editAddress,
  fetchAddresses,
  removeAddress,
} from './addresses/addresses.api';
export { useAddresses, useAddressMutations } from './addresses/addresses.hooks';
export {
  FIELDS_ADMIN_PAGE_SIZE,
  FIELDS_PAGE_SIZE,
  createField,
  deleteField,
  fetchField,
  fetchFields,
  fetchFieldsAdminPage,
  fetchFieldStats,
  fieldKeys,
  type FieldFilters,
  updateField,
} from './fields/fields.api';
export {
  useCreateField,
  useDeleteField,
  useField,
  useFieldCount,
  useFieldList,
  useFieldsAdminPage,
  useUpdateField,
} from './fields/fields.hooks';
export {
  dataExportFileName,
  deleteAccount,
  fetchDataExport,
  saveDataExport,
} from './privacy/privacy.api';
export { useDataExport, useDeleteAccount } from './privacy/privacy.hooks';
export {
  accountKeys,
  confirmPasswordReset,
  fetchOwnProfile,
  fetchPublicProfile,
  requestPasswordReset,
  resendVerification,
  signUp,
  updateOwnProfile,
  verifyEmail,
} from './account/account.api';
export {
  useAuthConfig,
  useOwnProfile,
  usePublicProfile,
  useUpdateProfile,
  useVerifyEmail,
} from './account/account.hooks';
export {
  authConfigKey,
  getAuthConfig,
  keycloakResetCredentialsUrl,
} from './account/auth-config.api';
export { DISPUTE_REASON_LABELS, disputeWantedText } from './disputes/dispute-labels';
