// Submitting a walk form: checked first (the problems show on the form), then queued with
// its photos and raised items, then, for a closing walk signed by both, its PDF made on the
// device and queued after it. A PDF that cannot be made leaves the walk saved.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDocument, WalkFormDef } from '@field/domain';
import type { ActiveHome } from '../../data/homes';
import type { PunchItem } from '../../data/punch-items';
import type { FieldRecord } from '../../data/records';
import { attachWalkPdf, saveWalk } from '../../data/walks';
import { useOfflineEngine } from '../../offline/react';
import { errorText, pdfErrorText } from '../../ui/error-text';
import { persistentToast, toast } from '../../lib/toast';
import { makeWalkPdf } from '../../lib/pdf/make-pdf';
import { walkPdfInput } from './walk-pdf-input';
import { walkPdfName } from './walk-pdf-actions';
import { walkerName } from './walk-people';
import type { WalkFormState } from './walk-form-state';
import { hasProblems, makesPdf, pdfItems, walkProblems, walkSubmission } from './walk-form-state';

export interface WalkSubmitInput {
  def: WalkFormDef;
  home: ActiveHome;
  /** The stored walk; undefined for a new one. */
  walk: FieldRecord | undefined;
  state: WalkFormState;
  walker: string;
  user: UserDocument;
  names: ReadonlyMap<string, string>;
  signaturesChanged: boolean;
  /** An amendment's line for its PDF (docs/decisions.md, Amending a signed walk). */
  amendsLine?: string | undefined;
  /** The items already on the walk (for its PDF). */
  walkItems: readonly PunchItem[];
  /** Called once the walk is queued: the form's draft and photos are the queue's now. */
  onQueued: () => Promise<void>;
  onDone: () => void;
}

export function useWalkSubmit(input: WalkSubmitInput) {
  const { t } = useTranslation();
  const engine = useOfflineEngine();
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState<false | 'walk' | 'pdf'>(false);
  const [error, setError] = useState<string | null>(null);
  const { def, home, walk, state, walker, names, user } = input;
  const problems = walkProblems(def, state, walker);

  /** The walk's PDF, queued after it; the error's text when it could not be made. */
  async function queuePdf(saved: FieldRecord): Promise<string | undefined> {
    setSaving('pdf');
    try {
      const staff = [{ label: t('fields.user'), name: walkerName(walker, names, user) }];
      const cs = state.customerServiceStaff;
      if (cs !== '') {
        staff.push({ label: t('walkForm.customerServiceStaff'), name: names.get(cs) ?? cs });
      }
      const pdf = await makeWalkPdf(
        await walkPdfInput(engine, {
          def,
          home,
          walk: {
            id: state.walkId,
            date: state.date,
            notes: state.notes,
            checklist: state.checklist,
            signatures: state.signatures,
            amends: input.amendsLine,
          },
          staff,
          items: pdfItems(input.walkItems, state),
          t,
        }),
      );
      await attachWalkPdf(engine, def, saved, pdf, walkPdfName(saved, String(home.HomeID)));
      return undefined;
    } catch (caught) {
      return pdfErrorText(t, caught);
    }
  }

  async function submit(): Promise<void> {
    setShowErrors(true);
    setError(null);
    if (hasProblems(problems)) {
      setError(t('walkForm.cannotSave'));
      return;
    }
    setSaving('walk');
    try {
      const saved = await saveWalk(engine, walkSubmission(def, home.id, state, walker, walk));
      await input.onQueued();
      // The walk is queued now: a PDF that cannot be made leaves it saved, unsigned-off,
      // and opening it again retries (its pdfUrl is still empty).
      const pdfError = makesPdf(def, state, input.signaturesChanged, saved)
        ? await queuePdf(saved)
        : undefined;
      if (pdfError === undefined) {
        toast(t(walk === undefined ? 'walkForm.saved' : 'walkForm.changed'), 'success');
      } else {
        // Stays until closed: it says what to do next.
        persistentToast(t('walkForm.pdfFailed', { message: pdfError }));
      }
      input.onDone();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setSaving(false);
    }
  }

  return { problems, showErrors, saving, error, submit };
}
