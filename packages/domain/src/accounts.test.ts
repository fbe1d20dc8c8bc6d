import { describe, expect, it } from 'vitest';
import { z } from './zod.js';
import {
  accessTokenAnswerSchema,
  adminUserSchema,
  authProvidersAnswerSchema,
  profilePictureAnswerSchema,
  providerLinkAnswerSchema,
  sessionAnswerSchema,
  signInMethodsSchema,
} from './accounts.js';

// Answers shaped as the server sends them (apps/server/src/modules/auth, users, admin).
const user = {
  id: 'u1',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  photoURL: null,
  scopes: [{ value: 'builder', group: true, approved: true, read: true, write: true }],
  fieldData: { role: 'Builder', airtableId: 'rec123' },
};

describe('account answers', () => {
  it('reads a session answer: access token, its lifetime and the user document', () => {
    const answer = { accessToken: 'eyJ.a.b', expiresIn: 900, user };
    expect(sessionAnswerSchema.parse(answer)).toEqual(answer);
  });

  it.each([
    ['no access token', { expiresIn: 900, user }],
    ['an empty access token', { accessToken: '', expiresIn: 900, user }],
    ['no user', { accessToken: 'eyJ.a.b', expiresIn: 900 }],
    ['a user without scopes', { accessToken: 'eyJ.a.b', expiresIn: 900, user: { id: 'u1' } }],
  ])('refuses a session answer with %s', (_name, answer) => {
    expect(sessionAnswerSchema.safeParse(answer).success).toBe(false);
  });

  it('reads the change-password answer (a token, no user)', () => {
    const answer = { accessToken: 'eyJ.a.b', expiresIn: 900 };
    expect(accessTokenAnswerSchema.parse(answer)).toEqual(answer);
    expect(accessTokenAnswerSchema.safeParse({ expiresIn: 900 }).success).toBe(false);
  });

  it('reads the configured providers', () => {
    const answer = {
      providers: [
        { id: 'google', name: 'Google', type: 'social', formPost: false },
        { id: 'azure', name: 'Microsoft', type: 'sso', formPost: true },
      ],
    };
    expect(authProvidersAnswerSchema.parse(answer)).toEqual(answer);
    expect(authProvidersAnswerSchema.parse({ providers: [] })).toEqual({ providers: [] });
  });

  it('reads the sign-in methods, a provider without an address included', () => {
    const answer = {
      password: true,
      providers: [
        { provider: 'google', email: 'ann@example.com', linkedAt: '2026-11-20T12:00:00.000Z' },
        { provider: 'azure', email: null, linkedAt: '2026-11-21T08:00:00.000Z' },
      ],
    };
    expect(signInMethodsSchema.parse(answer)).toEqual(answer);
    expect(signInMethodsSchema.safeParse({ providers: [] }).success).toBe(false);
  });

  it('reads the link answer and the profile picture answer', () => {
    const url = 'https://accounts.example.com/authorize?state=abc';
    expect(providerLinkAnswerSchema.parse({ url })).toEqual({ url });
    expect(providerLinkAnswerSchema.safeParse({}).success).toBe(false);
    const picture = {
      photoURL: '/api/files/users/u1/profilePicture?v=0123456789ab',
      user: { ...user, photoURL: '/api/files/users/u1/profilePicture?v=0123456789ab' },
    };
    expect(profilePictureAnswerSchema.parse(picture)).toEqual(picture);
    expect(profilePictureAnswerSchema.safeParse({ photoURL: picture.photoURL }).success).toBe(
      false,
    );
  });

  it('reads a user as the administration lists it', () => {
    const listed = {
      ...user,
      approved: false,
      hasPassword: true,
      emailVerified: false,
      providers: ['google'],
      createdAt: '2026-11-20T12:00:00.000Z',
    };
    expect(adminUserSchema.parse(listed)).toEqual(listed);
    expect(z.array(adminUserSchema).parse([listed, { ...listed, id: 'u2' }])).toHaveLength(2);
    expect(adminUserSchema.safeParse(user).success).toBe(false);
  });
});
