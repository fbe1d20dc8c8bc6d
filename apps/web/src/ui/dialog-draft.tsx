// Drafts in a record dialog (a call, a note, a buyer, a daily log, a punch item), on the walk
// forms' engine (data/form-draft.ts, docs/offline.md Drafts): what is typed is autosaved on
// the device, and flushed when the page is hidden or closed, so a killed tab loses nothing;
// the dialog opened again offers the draft back (never forced); a save clears it. Photos
// chosen in the dialog are not kept in its draft.

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { ActiveHome } from '../data/homes';
import { useFormDraft } from '../data/form-draft';
import { DraftOffer } from './draft-offer';

export interface DialogDraft {
  /**
   * The offer of an earlier draft and, once one is kept, when this dialog's draft was saved:
   * shown at the top of the dialog.
   */
  offer: ReactNode;
  /** After a save: the dialog's drafts go. */
  clear: () => Promise<void>;
}

export function useDialogDraft<T extends Record<string, unknown>>(props: {
  /** The home the record is on: drafts are kept per home and dialog. */
  home: Pick<ActiveHome, 'HomeRID' | 'HomeID' | 'Address'>;
  /** Which dialog: one per resource for a new record, one per record for its edits. */
  formTitle: string;
  /** The draft's title in the device's draft lists (the dialog's title). */
  title: string;
  values: T;
  onResume: (values: T) => void;
}): DialogDraft {
  const { t } = useTranslation();
  const { home } = props;
  const draft = useFormDraft<T>({
    homeRID: home.HomeRID,
    homeID: String(home.HomeID),
    address: home.Address,
    formTitle: props.formTitle,
    title: props.title,
    values: props.values,
    enabled: true,
  });
  return {
    offer: (
      <>
        <DraftOffer
          offer={draft.offer}
          onResume={() => props.onResume(draft.resume())}
          onDismiss={() => draft.dismiss()}
        />
        {draft.lastSaved !== undefined && (
          <Typography variant="caption" color="text.secondary" data-testid="draft-saved">
            {t('formDraft.savedAt', {
              time: new Date(draft.lastSaved).toLocaleTimeString([], {
                hour: '2-digit',
                minute: '2-digit',
              }),
            })}
          </Typography>
        )}
      </>
    ),
    clear: draft.clear,
  };
}
