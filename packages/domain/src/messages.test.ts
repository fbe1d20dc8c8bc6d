import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  errorFetchingHomesMessage,
  missingFieldMessage,
  mutationFailedMessage,
  temporaryIssueMessage,
} from './messages.js';

// Section 8's catalogue, word for word.
describe('message catalogue (sections 5 and 8)', () => {
  it.each([
    [MESSAGES.noInternet, 'No internet connection. Please try again when you are online.'],
    [MESSAGES.signInFailed, 'Error signing in with email and password'],
    [MESSAGES.reauthenticationFailed, 'Reauthentication failed. Please check your credentials.'],
    [MESSAGES.migrationFailed, 'User data migration failed. Please contact support.'],
    [
      MESSAGES.noIndexedDb,
      'Your browser does not support IndexedDB. Some functionalities may be limited.',
    ],
    [
      MESSAGES.storageNearlyFull,
      'Storage nearly full. Consider backing up data and clearing cache.',
    ],
    [MESSAGES.storageHigh, 'Storage usage is high. Consider backing up data.'],
    [MESSAGES.enqueueFailed, 'Failed to enqueue change.'],
    [MESSAGES.noHandler, 'No handler found.'],
    [
      MESSAGES.fileNotFound,
      'The requested file could not be found. It may have been deleted or moved.',
    ],
    [MESSAGES.syncFailed, 'Some changes failed to synchronize. Please check your Mutation Queue.'],
    [MESSAGES.unexpectedError, 'An unexpected error has occurred'],
    [MESSAGES.renderError, 'Oops! Something went wrong'],
    [MESSAGES.invalidBase64, 'Invalid or empty Base64 string'],
    [MESSAGES.lastUpdateRequired, 'Last update timestamp is required'],
    [MESSAGES.recordIdRequiredForDeletion, 'Record ID is required for deletion'],
    [MESSAGES.homeIdsRequired, 'Home IDs array is required'],
    [MESSAGES.menuFixCollapseOrItem, 'Fix - Collapse or Item'],
    // Sections 5 and 8: accounts.
    [MESSAGES.userIdAndUpdatesRequired, 'User ID and updates are required'],
    [MESSAGES.userIdAndFileRequired, 'User ID and file are required'],
    [MESSAGES.userIdAndPhotoUrlRequired, 'User ID and photoURL are required'],
    [MESSAGES.userMustBeLoggedIn, 'User must be logged in to change password'],
    [MESSAGES.unsupportedProvider, 'Unsupported provider'],
    [MESSAGES.addUserFailed, 'Failed to add user'],
    [MESSAGES.ssoFailed, 'Authentication failed. Please try again.'],
    [MESSAGES.registrationFailed, 'Registration failed. Please try again.'],
    [MESSAGES.resetMailFailed, 'Failed to send password reset email.'],
    [MESSAGES.changePasswordFailed, 'Failed to change password.'],
    [MESSAGES.logoutFailed, 'Logout failed. Please try again.'],
    [MESSAGES.updateProfileFailed, 'Failed to update profile.'],
    [MESSAGES.fetchUserFailed, 'Failed to fetch user data. Please try again.'],
    // Section 8: the service worker.
    [
      MESSAGES.swRegistrationFailed,
      'Service Worker registration failed, offline use may not be available.',
    ],
    [
      MESSAGES.swUpdateFailed,
      'Failed to update service worker. Please fully close and open the app to try again.',
    ],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('fills the templates', () => {
    expect(missingFieldMessage('Name', 'update', 'walkItem')).toBe(
      'Missing required field "Name" for operation "update" in mutation type "walkItem"',
    );
    expect(mutationFailedMessage('m-1')).toBe('Mutation m-1 failed after multiple attempts.');
    expect(temporaryIssueMessage('sync')).toBe('Temporary issue during sync. Retrying...');
    expect(errorFetchingHomesMessage('timeout')).toBe('Error fetching homes: timeout');
  });
});
