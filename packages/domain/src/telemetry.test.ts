import { describe, expect, it } from 'vitest';
import { redactUrl } from './telemetry.js';

describe('redactUrl', () => {
  it('replaces the values of secret parameters, whatever their case, and keeps the rest', () => {
    expect(redactUrl('/reset-password?token=abc123&next=%2Fhomes')).toBe(
      '/reset-password?token=[redacted]&next=%2Fhomes',
    );
    expect(redactUrl('https://a.test/api/notifications/stream?Ticket=t1#top')).toBe(
      'https://a.test/api/notifications/stream?Ticket=[redacted]#top',
    );
    expect(redactUrl('/auth/callback?code=c&state=s&x=1')).toBe(
      '/auth/callback?code=[redacted]&state=[redacted]&x=1',
    );
    expect(redactUrl('/homes/overview')).toBe('/homes/overview');
    expect(redactUrl('/x?%E0%A4%A=1&token=2')).toBe('/x?%E0%A4%A=1&token=[redacted]');
  });
});
