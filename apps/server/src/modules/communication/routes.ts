// Phone calls (section 7) and notes on a home (spec-clarifications, "Notes and buyers").

import type { FastifyInstance } from 'fastify';
import {
  MESSAGES,
  PHONE_CALL_UPDATE_SCOPE,
  RESOURCE_ACCESS,
  noteInputSchema,
  noteUpdateSchema,
  phoneCallInputSchema,
  phoneCallUpdateSchema,
  updateRequirement,
} from '@field/domain';
import { notifyPhoneCallLogged } from '../notifications/service.js';
import type { RouteDeps } from '../records/routes.js';
import { homeLookupRoutes, homeRecordWriteRoutes } from '../records/routes.js';

export function communicationRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const calls = RESOURCE_ACCESS.phoneCalls;
  const base = '/field_communication/phoneCalls';
  homeLookupRoutes(app, deps, { base, kind: 'phoneCalls', read: calls.read });
  homeRecordWriteRoutes(app, deps, {
    base,
    kind: 'phoneCalls',
    mutationType: 'phoneCall',
    input: phoneCallInputSchema,
    update: phoneCallUpdateSchema,
    homeField: 'Home',
    scopes: { submit: calls.write, update: [PHONE_CALL_UPDATE_SCOPE], delete: calls.write },
    // Customer service changes notes and voicemail; the date and staff of a call are its
    // log, changed only with the logging scope (403: the request is valid, the caller
    // lacks the scope).
    updateFields: {
      requirement: (fields) => updateRequirement('phoneCalls', fields),
      message: MESSAGES.phoneCallNotesOnly,
    },
    afterSubmit: (ctx, result) => notifyPhoneCallLogged(ctx, deps.records, result),
  });

  const notes = RESOURCE_ACCESS.notes;
  const notesBase = '/field_communication/notes';
  homeLookupRoutes(app, deps, { base: notesBase, kind: 'notes', read: notes.read });
  homeRecordWriteRoutes(app, deps, {
    base: notesBase,
    kind: 'notes',
    mutationType: 'note',
    input: noteInputSchema,
    update: noteUpdateSchema,
    homeField: 'HomeRID',
    scopes: { submit: notes.write, update: notes.write, delete: notes.write },
  });
}
