/**
 * Every web test file: unmount what a test rendered when it ends, so no
 * component (an MUI transition's timer, a query) outlives its test and runs
 * after jsdom is torn down. Files that must unmount before their own teardown
 * (stopping an engine) still call `cleanup()` first; a second call is a no-op.
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
