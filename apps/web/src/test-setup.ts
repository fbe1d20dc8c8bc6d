/**
 * Every web test file: unmount what a test rendered when it ends, so no
 * component (an MUI transition's timer, a query) outlives its test and runs
 * after jsdom is torn down. Files that must unmount before their own teardown
 * (stopping an engine) still call `cleanup()` first; a second call is a no-op.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait up to 5 s rather than 1 s. During `npm test`, lint and the server
// suite share two cores with these tests, and a screen reading fake IndexedDB took over a
// second to show its rows (the Mutation Queue screen's test, with the load average near 30).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
