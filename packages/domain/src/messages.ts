// Every user-visible message the specification gives (docs/product.md, Validation and Messages),
// word for word, plus the few the server needs that the specification leaves to us (marked "ours").

import { STAFF_TYPES } from './staff.js';
import { MAX_BATCH_IDS } from './constants.js';

export const MESSAGES = {
  // Validation.
  unsupportedOperation: 'Unsupported operation',
  homeIdRequired: 'Home ID is required',
  walkIdRequired: 'Walk ID is required',
  jobIdRequired: 'Job ID is required',
  recordIdRequiredForDeletion: 'Record ID is required for deletion',
  homeIdsRequired: 'Home IDs array is required',
  walkIdsRequired: 'Walk IDs array is required',
  jobIdsRequired: 'Job IDs array is required',
  lastUpdateRequired: 'Last update timestamp is required',
  dataAndIdRequired: 'Data and id are required',
  userIdAndUpdatesRequired: 'User ID and updates are required',
  userIdAndFileRequired: 'User ID and file are required',
  userIdAndPhotoUrlRequired: 'User ID and photoURL are required',
  userMustBeLoggedIn: 'User must be logged in to change password',
  invalidBase64: 'Invalid or empty Base64 string',
  noRecordId: 'No record ID returned from the server.',
  unsupportedProvider: 'Unsupported provider',

  // Toasts.
  noInternet: 'No internet connection. Please try again when you are online.',
  signInFailed: 'Error signing in with email and password',
  logoutFailed: 'Logout failed. Please try again.',
  changePasswordFailed: 'Failed to change password.',
  reauthenticationFailed: 'Reauthentication failed. Please check your credentials.',
  registrationFailed: 'Registration failed. Please try again.',
  resetMailFailed: 'Failed to send password reset email.',
  updateProfileFailed: 'Failed to update profile.',
  addUserFailed: 'Failed to add user',
  migrationFailed: 'User data migration failed. Please contact support.',
  ssoFailed: 'Authentication failed. Please try again.',
  fetchUserFailed: 'Failed to fetch user data. Please try again.',
  errorSavingData: 'Error saving data',
  errorUpdatingData: 'Error updating data',

  // Storage and queue.
  noIndexedDb: 'Your browser does not support IndexedDB. Some functionalities may be limited.',
  storageNearlyFull: 'Storage nearly full. Consider backing up data and clearing cache.',
  storageHigh: 'Storage usage is high. Consider backing up data.',
  storageFullCleared: 'Storage full, cleared cache.',
  criticalOperationDelayed: 'Critical operation delayed, please retry.',
  saveDataFailed: 'Failed to save your data, please retry.',
  enqueueFailed: 'Failed to enqueue change.',
  noHandler: 'No handler found.',
  // Ours: a queued write that records no author (stored while nobody was signed in).
  unauthoredWrite:
    'This change was saved while nobody was signed in, so it is not sent under your account. Check it, then enter it again or delete it.',
  fileNotFound: 'The requested file could not be found. It may have been deleted or moved.',
  saveTimedOut: 'Save operation timed out. Please try again later.',
  saveDraftFailed: 'Failed to save draft',
  loadDraftFailed: 'Failed to load draft',
  clearDraftFailed: 'Failed to clear draft',
  deleteDraftsFailed: 'Failed to delete drafts',
  backupFailed: 'Failed to backup data.',
  syncFailed: 'Some changes failed to synchronize. Please check your Mutation Queue.',

  // Circuit breaker.
  systemIssues: 'The system is currently experiencing multiple issues. Please try again later.',
  systemUnavailable:
    'Multiple errors detected. The system is temporarily unavailable. Please try again later.',
  unexpectedError: 'An unexpected error has occurred',

  // Screens and drafts.
  renderError: 'Oops! Something went wrong',
  goBack: 'Go Back',
  reloadPage: 'Reload Page',
  loadNotificationsFailed: 'Failed to load notifications',
  somethingWentWrong: 'Something went wrong. Please try again later.',
  errorGettingHomes: 'Error Getting Homes',
  errorGettingHomesHint: 'Please try again later. If the problem persists, contact support.',
  noHomesFound: 'No homes found',
  noNotifications: 'No Notifications',
  noMessages: 'No Messages',
  retrieveDraftsFailed: 'Failed to retrieve drafts. Please try again.',
  extendDraftFailed: 'Failed to extend draft expiration. Please try again.',
  deleteDraftFailed: 'Failed to delete draft. Please try again.',
  swRegistrationFailed: 'Service Worker registration failed, offline use may not be available.',
  swUpdateFailed:
    'Failed to update service worker. Please fully close and open the app to try again.',
  menuFixCollapseOrItem: 'Fix - Collapse or Item',
  menuItemsError: 'Menu Items Error',
  loadingUserPermissions: 'Loading User Permissions',

  // Ours: answers of the server the specification does not word.
  authenticationRequired: 'Authentication required',
  invalidCredentials: 'Invalid email or password',
  forbidden: 'You do not have permission to do this',
  // Ours: access by home (docs/decisions.md, Access by home).
  notYourHome: 'This home is not one of yours: ask a manager to add you to one of its staff lists',
  demoTestHomesOnly: 'A demo account works on test homes only',
  recordNotFound: 'Record not found',
  routeNotFound: 'Not found',
  recordExists: 'A record with this id already exists',
  // Ours: a signed closing walk stays as signed (docs/decisions.md, Signed closing walks).
  closingWalkSigned: 'This closing walk is signed and can no longer be changed',
  signatureGiven: 'A signature on a closing walk cannot be changed once given',
  // Ours: a change after signing is an amendment (docs/decisions.md, Amending a signed walk).
  amendsUnsignedWalk: 'Only a signed closing walk is amended: change this walk itself',
  amendedAlready: 'This closing walk has an amendment already: amend the latest amendment',
  // Ours: a write whose base is stale where someone else changed the same fields.
  recordChangedByOthers:
    'Someone else changed this record while you were editing it. Choose which values to keep.',
  // Ours: GET /api/history without its query.
  historyKindAndIdRequired: 'Record kind and id are required',
  // Ours: the write's base is malformed.
  writeBaseInvalid: 'Invalid value for "base": expected { updatedAt, fields }',
  tooManyIds: `At most ${MAX_BATCH_IDS} ids are accepted in one call`,
  idempotencyKeyReused: 'Idempotency-Key was already used with a different request',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 visible characters',
  payloadTooLarge: 'The request is too large',
  invalidFilePath: 'Invalid file path: use collection/key with letters, digits, ".", "_" and "-"',
  fileNotOwner:
    'Only the person who uploaded this file or an administrator can replace or delete it',
  userFolderPictureOnly: 'Only a profile picture can be stored in a user folder',
  profilePictureTooLarge: 'This picture is too large: a profile picture may be at most 2 MB',
  fileQuotaExceeded:
    'Your file storage is full. Delete files you no longer need or ask an administrator for more space.',
  filePathConflict: 'A file and a folder cannot have the same path. Choose another file name.',
  invalidContentType: 'Invalid content type: use a MIME type such as image/jpeg',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  // Ours: the trade's own link (docs/decisions.md, The trade's own link).
  tradeLinkInvalid: 'This link is not valid. Ask the builder for a new one.',
  tradeLinkExpired: 'This link has expired. Ask the builder for a new one.',
  tradeLinkRevoked: 'This link was withdrawn by the builder. Ask them for a new one.',
  tradeItemNotOpen: 'This item is not one of your open items',
  tradeLinkNoEmail: 'Invalid value for "email": this vendor has no e-mail address; enter one',
  emailTaken: 'An account with this email address already exists',
  passwordTooShort: 'Password must be at least 8 characters',
  resetMailSent:
    'If an account exists for this email address, a link to reset the password is on its way.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  registrationClosed:
    'This app does not take registrations. Ask your administrator for an invitation.',
  registrationDomain:
    'This app takes registrations only from the e-mail domains its administrator allows. Ask your administrator for an invitation.',
  verifyLinkInvalid: 'This verification link is invalid or has expired. Sign in to get a new one.',
  invitationInvalid:
    'This invitation link is invalid, has expired or was already used. Ask your administrator for a new one, or sign in if you already set your password.',
  emailNotVerified:
    'This user has not verified their e-mail address yet. They verify it with the link mailed to them when they registered.',
  unknownEmployee: 'No employee has this id',
  alreadyHasPassword:
    'This user has already set a password: they sign in, or use "Forgot password" to choose a new one.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  lastSignInMethod: 'Set a password before removing your last way to sign in',
  providerNotLinked: 'This provider is not linked to your account',
  accountLocked: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  unknownScope: 'Unknown scope or scope group',
  lastAdmin:
    'At least one administrator must remain: give another user the admin scope before removing this one',
  homeRidIsId:
    'Invalid value for "HomeRID": a new home\'s HomeRID is its id; send one of them, or both the same',
  expectedEmail: 'expected an e-mail address such as name@example.com',
  expectedPhone:
    'expected a phone number of at least 7 digits (spaces, ( ) - . and a leading + allowed)',
  expectedIsoDate: 'expected an ISO 8601 date or date-time between the years 1900 and 2199',
  batchWriteNotAllowed:
    'not a write a batch may carry (record, walk, home and file-delete writes only, with a plain path)',
  batchNested: 'A batch cannot be sent inside another batch',
  phoneCallNotesOnly: 'You may change only the notes and voicemail of a phone call',
  nulCharacter: 'The request contains a NUL character (\\u0000 or %00), which no field may hold',
  crossOriginRefused: 'This request must come from the app itself',
} as const;

export function missingFieldMessage(field: string, operation: string, type: string): string {
  return `Missing required field "${field}" for operation "${operation}" in mutation type "${type}"`;
}

/** Ours: a walk item that names neither its walk nor its home (docs/decisions.md). */
export const ITEM_WALK_MISSING = `${missingFieldMessage('WalkID', 'submit', 'walkItem')}: name the item's walk, or its home in "HomeRID" to file it on that home's walk of its type`;

/** Ours: an item sent with its home only, on a home without the walk its type hangs on. */
export function noHostWalkMessage(type: string): string {
  return `Invalid value for "HomeRID": this home has no walk for ${type} items yet; record that walk first`;
}

/** Ours: an item naming a walk and a home that is not that walk's. */
export const ITEM_HOME_NOT_WALKS =
  'Invalid value for "HomeRID": the item\'s walk is on another home; an item takes its walk\'s home, so leave HomeRID out or give that home';

export function invalidStaffTypeMessage(value: unknown): string {
  return `Invalid staff type: ${String(value)}. Must be one of: ${STAFF_TYPES.join(', ')}`;
}

export function mutationFailedMessage(id: string): string {
  return `Mutation ${id} failed after multiple attempts.`;
}

export function temporaryIssueMessage(operation: string): string {
  return `Temporary issue during ${operation}. Retrying...`;
}

export function errorFetchingHomesMessage(message: string): string {
  return `Error fetching homes: ${message}`;
}

/** A JSON body nested deeper than the server reads — ours. */
export function jsonTooDeepMessage(maxDepth: number): string {
  return `The request body is nested too deeply (at most ${maxDepth} levels)`;
}

/** `Unknown field "Colour"` — ours, for a field a record does not have. */
export function unknownFieldMessage(field: string): string {
  return `Unknown field "${field}"`;
}

/** `Invalid value for "Voicemail": expected boolean` — ours, for a field of the wrong type. */
export function invalidFieldMessage(field: string, detail: string): string {
  return `Invalid value for "${field}": ${detail}`;
}

/**
 * `An employee with Email "ann@example.com" already exists` — ours: a record whose
 * natural key (company-records.ts) another record already holds.
 */
export function duplicateRecordMessage(
  noun: string,
  key: Readonly<Record<string, unknown>>,
): string {
  const parts = Object.entries(key).map(([field, value]) => `${field} "${String(value)}"`);
  const article = /^[aeiou]/i.test(noun) ? 'An' : 'A';
  return `${article} ${noun} with ${parts.join(' and ')} already exists`;
}
