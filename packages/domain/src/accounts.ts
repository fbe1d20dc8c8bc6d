// The answers of the account calls (docs/api.md, "Accounts and sessions" and
// "Administration"), as the server sends them and the web app parses them.

import { z } from './zod.js';
import { userDocumentSchema } from './entities.js';
import { REGISTRATION_MODES } from './people.js';

/** `POST /auth/change-password`: a fresh access token for this device (`expiresIn` in seconds). */
export const accessTokenAnswerSchema = z.object({
  accessToken: z.string().check(z.minLength(1)),
  expiresIn: z.number().check(z.int(), z.positive()),
});

/** A session answer (`POST /auth/login`, `/auth/register`, `/auth/refresh`). */
export const sessionAnswerSchema = z.extend(accessTokenAnswerSchema, { user: userDocumentSchema });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** `GET /auth/providers`: the sign-in providers this server is set up for. */
export const authProvidersAnswerSchema = z.object({
  providers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(['social', 'sso']),
      formPost: z.boolean(),
    }),
  ),
});
export type AuthProvider = z.infer<typeof authProvidersAnswerSchema>['providers'][number];

/** `GET /users/me/sign-in-methods`: the password (set or not) and the linked providers. */
export const signInMethodsSchema = z.object({
  password: z.boolean(),
  providers: z.array(
    z.object({ provider: z.string(), email: z.nullable(z.string()), linkedAt: z.string() }),
  ),
});

/** `POST /auth/oidc/:provider/link`: where the provider's link flow starts. */
export const providerLinkAnswerSchema = z.object({ url: z.string().check(z.minLength(1)) });

/**
 * A profile picture's largest size as stored: the web app shrinks a chosen picture to
 * `PROFILE_PICTURE_MAX_SIDE` pixels on its longer side first, which leaves it far below;
 * the server refuses anything larger, and a pending account may store nothing more.
 */
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** The longer side, in pixels, the web app shrinks a profile picture to before sending it. */
export const PROFILE_PICTURE_MAX_SIDE = 512;

/** `POST /users/profilePicture`: the picture's new URL and the updated user document. */
export const profilePictureAnswerSchema = z.object({
  photoURL: z.string(),
  user: userDocumentSchema,
});

/** A user as `GET /admin/users` lists it (and the admin calls answer one). */
export const adminUserSchema = z.extend(userDocumentSchema, {
  approved: z.boolean(),
  hasPassword: z.boolean(),
  /** False for a self-registered address whose mailed link was not opened yet. */
  emailVerified: z.boolean(),
  providers: z.array(z.string()),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /auth/registration`: who may register themselves (docs/configuration.md). */
export const registrationAnswerSchema = z.object({
  mode: z.enum(REGISTRATION_MODES),
  domains: z.array(z.string()),
});
export type RegistrationAnswer = z.infer<typeof registrationAnswerSchema>;

/**
 * `GET /links`: where the menu footer's and the profile menu's links leave the app (the
 * server's DOCS_URL, LEGACY_URL and COMPANY_URL, docs/configuration.md); null hides a link.
 */
export const externalLinksSchema = z.object({
  documentation: z.nullable(z.string()),
  legacySystem: z.nullable(z.string()),
  companyWebsite: z.nullable(z.string()),
});
export type ExternalLinks = z.infer<typeof externalLinksSchema>;

/** `GET /auth/invitation?token=`: whom an invitation is for. */
export const invitationAnswerSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

/** `GET /users/me/admins`: whom a user asks for what only an admin gives. */
export const adminContactsSchema = z.object({
  admins: z.array(z.object({ name: z.string(), email: z.string() })),
});
