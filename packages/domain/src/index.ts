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
  TRADE_LINK,
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
  ITEM_HOME_NOT_WALKS,
  ITEM_WALK_MISSING,
  MESSAGES,
  errorFetchingHomesMessage,
  jsonTooDeepMessage,
  invalidFieldMessage,
  invalidStaffTypeMessage,
  missingFieldMessage,
  mutationFailedMessage,
  noHostWalkMessage,
  temporaryIssueMessage,
} from './messages.js';
export { STAFF_TYPES } from './staff.js';
export type { StaffType } from './staff.js';
export {
  ADMIN_SCOPE,
  DEMO_SCOPE,
  INITIAL_SCOPE,
  PENDING_USER_SCOPE,
  SCOPES,
  SCOPE_GROUPS,
  hasAccess,
  isScopeGroup,
  legacyScopesSchema,
  mergeLegacyScopes,
  mergeScopes,
  resolveAccess,
} from './scopes.js';
export type { Access, AccessKind, Requirement, Scope, ScopeGroup } from './scopes.js';
export { CLOSING_TYPES, WALK_KINDS, WALK_TYPES, stripLocalFields } from './walks.js';
export { USER_FOLDER, parseFilePath } from './file-paths.js';
export type { FilePath } from './file-paths.js';
export {
  ITEM_PRIORITIES,
  ITEM_STATUSES,
  isOverdue,
  itemTransitionError,
  localDay,
  transitionsFrom,
} from './item-review.js';
export type { ItemTransition } from './item-review.js';
export type { ClosingType, WalkKind, WalkType } from './walks.js';
export {
  RESOURCES,
  RESOURCE_ACCESS,
  WALK_ITEM_SCOPE,
  canReadWalk,
  mayAttachItemToWalk,
  mayOnFileCollection,
  mayOnRecord,
  resourcesOfFileCollection,
  updateRequirement,
} from './resource-access.js';
export type { Resource } from './resource-access.js';
export { isMissing, validateMutationPayload } from './mutations.js';
export {
  API_PREFIX,
  ITEM_PHOTO_COLLECTION,
  LOOKUPS,
  WALK_PDF_COLLECTION,
  WALK_PHOTO_COLLECTION,
  RECORD_SCREEN_RESOURCES,
  RESOURCE_DEFS,
  apiPath,
  homeIdOf,
  lookupQueryKey,
  resourceDef,
  resourceOfMutationType,
  typeScopeOf,
  unsentFields,
  withoutAbsentNulls,
  writerFields,
} from './resources.js';
export type { OperationName, ResourceDef } from './resources.js';
export {
  amendmentChain,
  amendmentNumberOf,
  amendmentRefusal,
  amendsOf,
  isFinalWalk,
  isSignedByBoth,
  signedWalkRefusal,
  supersededWalks,
  walkPdfFileOf,
} from './closing-walks.js';
export { recordFormSchema, recordListSchema } from './record-forms.js';
export { duplicateMessage, duplicateOf, isArchived, naturalKeyOf } from './company-records.js';
export { isOpenItem, openItemCounts } from './open-items.js';
export type { FormOperation } from './record-forms.js';
export {
  DELAY_CAUSES,
  EMPLOYEE_ROLES,
  HOME_TEST_STATUS,
  KOVA_CANCELLED,
  NOTIFICATION_APPS,
  SERVER_FIELDS,
  CHECKLIST_RESULTS,
  SIGNATURE_ROLES,
  signatureSchema,
  closingWalkInputSchema,
  closingWalkUpdateSchema,
  draftSchema,
  fileRefSchema,
  employeeName,
  homeInputSchema,
  homeSchema,
  homeUpdateSchema,
  localSettingsSchema,
  normalizeNotificationApp,
  notificationSchema,
  queuedMutationSchema,
  recordIdSchema,
  WEATHER_CONDITIONS,
  userDocumentSchema,
  walkFormInputSchema,
  walkFormUpdateSchema,
  walkItemInputSchema,
  walkItemUpdateSchema,
} from './entities.js';
export type {
  ChecklistAnswer,
  ChecklistResult,
  Signature,
  SignatureRole,
  Draft,
  FileRecord,
  Home,
  LocalSettings,
  Mode,
  Notification,
  OpenItemSummary,
  QueuedMutation,
  UserDocument,
} from './entities.js';
export {
  JOB_STATUSES,
  PERMIT_STATUSES,
  RADON_ACTION_LEVEL,
  SCHEDULE_STATUSES,
  TEST_RESULTS,
  TEST_UNITS,
  radonOverActionLevel,
} from './site-records.js';
export type { TestKind } from './site-records.js';
export { z } from './zod.js';
export { describeZodError, parseTimestamp } from './validation.js';
export {
  ACCOUNT_TABS,
  APP_ROUTES,
  CHANGELOG_ROUTE,
  GUEST_ROUTES,
  HOMES_REPORT_PAGES,
  INSPECTION_PAGES,
  ITEM_LEVELS,
  MENU,
  PUBLIC_ROUTES,
  SYNC_ROUTE,
  WALK_FORMS,
  WALK_TYPE_COUNT_KEY,
  accountRoute,
  canOpenRoute,
  findRoute,
  menuLeaves,
  presentationTarget,
  splitHorizontalMenu,
  vendorItemsRoute,
  visibleMenu,
} from './navigation.js';
export type {
  AccountTab,
  AppRoute,
  ItemLevel,
  MenuItem,
  OpenItemCountKey,
  ScreenName,
} from './navigation.js';
export {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_MESSAGES,
  formatNotificationDate,
  notificationAppSchema,
  notificationCreateSchema,
  notificationInTab,
  notificationListQuerySchema,
  notificationCountsSchema,
  notificationPageSchema,
  notificationReadSchema,
  notificationStreamEventSchemas,
  notificationTarget,
  relativeTime,
  relativeTimeLabel,
  messageView,
  addressBelowTitle,
  streamTicketSchema,
} from './notifications.js';
export type { NotificationApp, NotificationCounts, NotificationCreate } from './notifications.js';
export { feedbackInputSchema, feedbackListSchema, feedbackSchema } from './feedback.js';
export type { Feedback } from './feedback.js';
export {
  accessTokenAnswerSchema,
  adminContactsSchema,
  adminUserSchema,
  invitationAnswerSchema,
  registrationAnswerSchema,
  externalLinksSchema,
  authProvidersAnswerSchema,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_MAX_SIDE,
  profilePictureAnswerSchema,
  providerLinkAnswerSchema,
  sessionAnswerSchema,
  signInMethodsSchema,
} from './accounts.js';
export type {
  AdminUser,
  AuthProvider,
  ExternalLinks,
  RegistrationAnswer,
  SessionAnswer,
} from './accounts.js';
export { reportDay, scheduleStanding } from './schedule-standing.js';
export type { BehindReason } from './schedule-standing.js';
export {
  HOME_LIST_KINDS,
  behindReasons,
  filterByAddress,
  homeValidationIssues,
  homesReport,
  homeList,
  homesForMode,
  inConstruction,
  isMyHome,
} from './homes.js';
export type { HomeListKind } from './homes.js';
export {
  DEFAULT_HOME_ACCESS,
  HOME_ACCESS_MODES,
  TESTING_HEADER,
  TESTING_HEADER_ON,
  homeAccessFacts,
  homeRefusal,
  isPublicHomeView,
  mayWorkOnHome,
  publicHomeView,
  worksOnEveryHome,
} from './home-access.js';
export type { HomeAccessMode, HomeViewer } from './home-access.js';
export {
  REGISTRATION_MODES,
  employeeMatchesEmail,
  employeesForPicker,
  registrationRefusal,
} from './people.js';
export type { RegistrationPolicy } from './people.js';
export { changelogAnswerSchema, changelogIssueSchema } from './changelog.js';
export type { ChangelogAnswer, ChangelogIssue } from './changelog.js';
export {
  clampPanelHeight,
  clampPanelLeft,
  panelDefaultHeight,
  releasePanel,
} from './data-panel.js';
export type { DataPanelState } from './data-panel.js';
export {
  BATCH_PATH,
  BATCH_WRITE_ROUTES,
  batchWriteRoute,
  IDEMPOTENCY_KEY_PATTERN,
  MAX_BATCH_WRITES,
  writeBatchAnswerSchema,
  writeBatchSchema,
} from './write-batch.js';
export type { BatchedAnswer, BatchedWrite } from './write-batch.js';
export {
  recordIdMismatchMessage,
  recordIdMissingMessage,
  recordWriteRoute,
} from './write-routes.js';
export type { ChecklistLine, WalkFormDef, WalkFormField } from './walk-form-def.js';
export { checklistLines, missingWalkFields, readChecklistAnswer } from './walk-form-def.js';
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
  splitWriteBase,
  updateBase,
  deleteBase,
  withBase,
} from './conflicts.js';
export type {
  ConflictAnswer,
  ConflictChoice,
  ConflictDetails,
  FieldWrite,
  HistoryEntry,
  WriteBase,
} from './conflicts.js';
export {
  IMPORT_ENTITIES,
  IMPORT_FIELDS,
  IMPORT_MAX_ROWS,
  IMPORT_STATUSES,
  classifyRows,
  detectImportEntity,
  importCounts,
  importDefaults,
  importMappingSchema,
  isImportEntity,
  missingRequired,
  suggestMapping,
} from './imports.js';
export type {
  ClassifiedRow,
  ImportEntity,
  ImportMapping,
  ImportStatus,
  SourceRow,
} from './imports.js';
export { NOTHING_COLLECTED, redactUrl, telemetrySettingsSchema } from './telemetry.js';
export type { TelemetrySettings } from './telemetry.js';
export {
  addDays,
  addMonths,
  daysBetween,
  isDay,
  monthWeeks,
  periodDays,
  sameMonth,
  weekDays,
} from './calendar-days.js';
export type { Day } from './calendar-days.js';
export {
  CALENDAR_KINDS,
  CALENDAR_RESOURCES,
  CALENDAR_WHATS,
  calendarEvents,
  eventsByDay,
  filterEvents,
} from './calendar.js';
export type { CalendarEvent, CalendarKind, CalendarLists } from './calendar.js';
export {
  TRADE_LINK_MUTATION_TYPE,
  TRADE_TOKEN_HEADER,
  tradeActorId,
  tradeLinkSendSchema,
  tradeLinkSettingsSchema,
  tradeLinkSummarySchema,
  tradeReadySchema,
  vendorOfActor,
} from './trade-links.js';
export type {
  TradeItem,
  TradeLinkRefusal,
  TradeLinkSummary,
  TradePhoto,
  TradeView,
} from './trade-links.js';
