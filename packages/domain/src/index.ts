// The public surface of the domain package: named exports only.

export {
  APP_BUILD_DATE,
  APP_VERSION,
  CIRCUIT_BREAKER,
  CONNECTION,
  DATA_PANEL,
  DEFAULT_LANDING_ROUTE,
  DRAFTS,
  LOCAL_DB,
  MAX_BATCH_IDS,
  NOTIFICATIONS,
  PERSISTED_CACHE,
  QUERY,
  QUEUE,
  STORAGE,
  SYNC,
  TELEMETRY,
  UI,
  WORKER_REQUEST,
  workerRetryDelayMs,
} from './constants.js';
export {
  MESSAGES,
  errorFetchingHomesMessage,
  jsonTooDeepMessage,
  unknownFieldMessage,
  invalidFieldMessage,
  invalidStaffTypeMessage,
  missingFieldMessage,
  mutationFailedMessage,
  temporaryIssueMessage,
} from './messages.js';
export type { MessageKey } from './messages.js';
export { STAFF_TYPES, isStaffType } from './staff.js';
export type { StaffType } from './staff.js';
export {
  ADMIN_SCOPE,
  DEMO_SCOPE,
  GROUP_EXPANSION,
  INITIAL_SCOPE,
  PENDING_USER_SCOPE,
  SCOPES,
  SCOPE_GROUPS,
  WALK_FORM_SCOPES,
  hasAccess,
  isScopeGroup,
  legacyScopesSchema,
  mergeLegacyScopes,
  mergeScopes,
  resolveAccess,
  scopeSchema,
} from './scopes.js';
export type {
  Access,
  AccessKind,
  LegacyScopes,
  Requirement,
  Scope,
  ScopeGroup,
  ScopeName,
} from './scopes.js';
export {
  CLOSING_TYPES,
  ITEM_STATUSES,
  WALK_ITEM_LOCAL_FIELDS,
  WALK_KINDS,
  WALK_TYPES,
  stripLocalFields,
} from './walks.js';
export type { ClosingType, ItemStatus, WalkKind, WalkType } from './walks.js';
export {
  CLOSING_TYPE_SCOPE,
  PHONE_CALL_UPDATE_SCOPE,
  RESOURCES,
  RESOURCE_ACCESS,
  WALK_ITEM_SCOPE,
  readableClosingTypes,
  canReadWalk,
  mayAttachItemToWalk,
  updateRequirement,
} from './resource-access.js';
export type { Resource } from './resource-access.js';
export {
  MUTATION_RULES,
  MUTATION_TYPES,
  isMissing,
  isMutationType,
  requiredFields,
  validateMutationPayload,
} from './mutations.js';
export type { MutationType, PayloadCheck } from './mutations.js';
export {
  API_PREFIX,
  LOOKUPS,
  RECORD_SCREEN_RESOURCES,
  RESOURCE_DEFS,
  apiPath,
  homeIdOf,
  lookupQueryKey,
  resourceDef,
  resourceOfMutationType,
  typeScopeOf,
} from './resources.js';
export type { LookupKind, OperationDef, OperationName, ResourceDef } from './resources.js';
export { recordFormSchema, recordListSchema } from './record-forms.js';
export { isOpenItem, openItemCounts } from './open-items.js';
export type { FormOperation } from './record-forms.js';
export {
  DELAY_CAUSES,
  EMPLOYEE_ROLES,
  HOME_TEST_STATUS,
  KOVA_CANCELLED,
  LOCAL_STORES,
  MODES,
  MUTATION_STATUSES,
  NOTIFICATION_APPS,
  SERVER_FIELDS,
  buyerInputSchema,
  buyerSchema,
  buyerUpdateSchema,
  CHECKLIST_RESULTS,
  SIGNATURE_ROLES,
  checklistAnswerSchema,
  checklistSchema,
  signatureSchema,
  closingWalkInputSchema,
  closingWalkUpdateSchema,
  currentHomeSchema,
  draftSchema,
  employeeSchema,
  fileRecordSchema,
  fileRefSchema,
  homeFieldsSchema,
  homeSchema,
  homeUpdateSchema,
  isoDateSchema,
  jobScheduleSchema,
  jobSchema,
  localSettingsSchema,
  messageSchema,
  normalizeNotificationApp,
  noteInputSchema,
  noteSchema,
  noteUpdateSchema,
  notificationSchema,
  openItemSummarySchema,
  permitSchema,
  phoneCallInputSchema,
  phoneCallSchema,
  phoneCallUpdateSchema,
  queuedMutationSchema,
  recordIdSchema,
  recordMetaSchema,
  reviewSchema,
  testRecordSchema,
  thumbnailSchema,
  WEATHER_CONDITIONS,
  userDocumentSchema,
  vendorSchema,
  walkFormInputSchema,
  walkFormUpdateSchema,
  walkItemInputSchema,
  walkItemSchema,
  walkItemUpdateSchema,
} from './entities.js';
export type {
  Buyer,
  ChecklistAnswer,
  ChecklistResult,
  Signature,
  SignatureRole,
  Note,
  CurrentHome,
  Draft,
  Employee,
  FileRecord,
  FileRef,
  Home,
  LocalSettings,
  Mode,
  Notification,
  OpenItemSummary,
  PhoneCall,
  QueuedMutation,
  RecordMeta,
  UserDocument,
  Vendor,
  WalkItem,
} from './entities.js';
export { z } from './zod.js';
export { DATE_YEARS, describeZodError, parseIsoDate, parseTimestamp } from './validation.js';
export {
  ACCOUNT_TABS,
  APP_ROUTES,
  CHANGELOG_ROUTE,
  GUEST_ROUTES,
  HOMES_REPORT_PAGES,
  INSPECTION_PAGES,
  ITEM_LEVELS,
  MENU,
  MENU_ERRORS,
  MenuConfigError,
  OPEN_ITEM_COUNT_KEYS,
  PUBLIC_ROUTES,
  SCREENS,
  SYNC_ROUTE,
  WALK_FORMS,
  WALK_TYPE_COUNT_KEY,
  accountRoute,
  canOpenRoute,
  findRoute,
  menuLeaves,
  presentationTarget,
  splitHorizontalMenu,
  visibleMenu,
} from './navigation.js';
export type {
  AccountTab,
  AppRoute,
  HomesReportPage,
  ItemLevel,
  MenuItem,
  MenuItemType,
  MenuMode,
  OpenItemCountKey,
  ScreenName,
} from './navigation.js';
export {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PRIORITIES,
  formatNotificationDate,
  notificationAppSchema,
  notificationCategorySchema,
  notificationCreateSchema,
  notificationInTab,
  notificationListQuerySchema,
  notificationMetadataSchema,
  notificationCountsSchema,
  notificationPageSchema,
  notificationReadSchema,
  notificationStreamEventSchemas,
  relativeTime,
  relativeTimeLabel,
  messageView,
  streamTicketSchema,
} from './notifications.js';
export type {
  NotificationApp,
  NotificationCounts,
  NotificationCreate,
  MessageView,
  NotificationPage,
  NotificationPriority,
  RelativeTime,
} from './notifications.js';
export {
  FEEDBACK_MESSAGE_MAX,
  feedbackInputSchema,
  feedbackListSchema,
  feedbackSchema,
} from './feedback.js';
export type { Feedback, FeedbackInput } from './feedback.js';
export {
  accessTokenAnswerSchema,
  adminUserSchema,
  authProvidersAnswerSchema,
  profilePictureAnswerSchema,
  providerLinkAnswerSchema,
  sessionAnswerSchema,
  signInMethodsSchema,
} from './accounts.js';
export type {
  AccessTokenAnswer,
  AdminUser,
  AuthProvider,
  SessionAnswer,
  SignInMethods,
} from './accounts.js';
export {
  CLOSING_SOON_DAYS,
  HOME_CLOSED_STATUS,
  HOME_LIST_KINDS,
  filterByAddress,
  homeValidationIssues,
  homesReport,
  homeList,
  homesForMode,
  inConstruction,
  isMyHome,
  isTestHome,
} from './homes.js';
export type { HomeListKind } from './homes.js';
export {
  changelogAnswerSchema,
  changelogIssueSchema,
  changelogMilestoneSchema,
} from './changelog.js';
export type { ChangelogAnswer, ChangelogIssue } from './changelog.js';
export {
  clampPanelHeight,
  clampPanelLeft,
  panelDefaultHeight,
  panelMaxHeight,
  releasePanel,
} from './data-panel.js';
export type { DataPanelState } from './data-panel.js';
export {
  BATCH_PATH,
  BATCH_WRITE_ROUTES,
  batchWriteRoute,
  IDEMPOTENCY_KEY_PATTERN,
  MAX_BATCH_WRITES,
  batchedAnswerSchema,
  batchedWriteSchema,
  writeBatchAnswerSchema,
  writeBatchSchema,
} from './write-batch.js';
export type { BatchedAnswer, BatchedWrite, WriteBatch, WriteBatchAnswer } from './write-batch.js';
export type { BatchMethod, BatchWriteRoute } from './write-batch.js';
export type {
  ChecklistLine,
  ChecklistSection,
  WalkFormDef,
  WalkFormField,
  WalkFormValues,
} from './walk-form-def.js';
export { checklistLines, missingWalkFields, readChecklistAnswer } from './walk-form-def.js';
export type { WalkFormSegment } from './walk-forms.js';
export { WALK_FORM_DEFS } from './walk-forms.js';
export {
  ITEM_HOST_KINDS,
  isWalkOfForm,
  itemHostForm,
  walkFormOf,
  walkFormOfRecord,
} from './walk-form-lookup.js';
export {
  WRITE_BASE_FIELD,
  changedFields,
  conflictOf,
  conflictingFields,
  deleteConflicts,
  lastWriteOf,
  ownChanges,
  resolutionWrite,
  sameValue,
  splitWriteBase,
  updateBase,
  deleteBase,
  withBase,
  writeBaseSchema,
} from './conflicts.js';
export type {
  ConflictAnswer,
  ConflictChoice,
  ConflictDetails,
  ConflictField,
  FieldWrite,
  HistoryEntry,
  WriteBase,
} from './conflicts.js';
