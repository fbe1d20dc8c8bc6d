// The outside links the web app shows come from the server's environment: each one set is
// answered as given, one unset is null (the app hides it), and a link that is no web
// address stops the start.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalLinksSchema } from '@field/domain';
import { loadConfig } from '../../config.js';
import type { TestServer } from '../../test/test-server.js';
import { getTestServer } from '../../test/test-server.js';

describe('outside links', () => {
  let configured: TestServer;
  let bare: TestServer;
  beforeAll(async () => {
    configured = await getTestServer('sqlite', {
      env: {
        DOCS_URL: 'https://docs.acme.test/field',
        LEGACY_URL: 'https://old.acme.test',
        COMPANY_URL: '',
      },
    });
    bare = await getTestServer('sqlite');
  });
  afterAll(async () => {
    await configured.close();
    await bare.close();
  });

  it('answers the links set on the server, before anyone signs in, and null for the others', async () => {
    const answer = await configured.client().get('/links');
    expect(answer.status).toBe(200);
    expect(externalLinksSchema.parse(answer.body)).toEqual({
      documentation: 'https://docs.acme.test/field',
      legacySystem: 'https://old.acme.test',
      companyWebsite: null,
    });
    expect((await bare.client().get('/links')).body).toEqual({
      documentation: null,
      legacySystem: null,
      companyWebsite: null,
    });
  });

  it('refuses to start with a link that is not an http or https address', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp', COMPANY_URL: 'javascript:alert(1)' })).toThrow(
      /COMPANY_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: '/tmp', DOCS_URL: 'docs' })).toThrow(/DOCS_URL/);
  });
});
