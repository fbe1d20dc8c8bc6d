// A signed closing walk is changed by amending it (docs/decisions.md, Amending a signed
// walk): the signed walk stays as it was, and a new walk that names it (`amends`) carries
// the changes and is signed again. Here: the chain's names for the history, the note a
// list row of an amended or amending walk carries, and the notice on the walk's form with
// its "Amend" button.

import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import { amendmentChain, amendmentNumberOf, amendsOf, isFinalWalk } from '@field/domain';
import type { FieldRecord } from '../../data/records';
import type { HistoryLink } from '../../ui/history-dialog';
import { cellText } from '../../ui/record-table';
import { TAP } from '../../ui/touch';

/** How a walk of a chain is named: the signed walk, or amendment N, with its date. */
function useChainNames() {
  const { t } = useTranslation();
  return (walk: FieldRecord): string => {
    const date = cellText(walk['date']);
    const number = amendmentNumberOf(walk);
    return number === 0
      ? t('walkForm.amendment.signedWalk', { date })
      : t('walkForm.amendment.name', { number, date });
  };
}

/** For a walk's id, the walks whose history shows with its: its signed walk and each amendment. */
export function useHistoryChains(walks: readonly FieldRecord[] | undefined) {
  const name = useChainNames();
  return (walkId: string): HistoryLink[] | undefined => {
    const chain = amendmentChain(walks ?? [], walkId);
    return chain.length > 1 ? chain.map((walk) => ({ id: walk.id, label: name(walk) })) : undefined;
  };
}

/**
 * The line under a walk's date in the list: "Amendment 1: amends the signed walk of
 * 11/10/2026", or "Amended: amendment 1 stands for it"; undefined for any other walk.
 */
export function useAmendmentNote(walks: readonly FieldRecord[] | undefined) {
  const { t } = useTranslation();
  return (walk: FieldRecord): string | undefined => {
    const chain = amendmentChain(walks ?? [], walk.id);
    const amended = chain.find((other) => other.id === amendsOf(walk));
    if (amended !== undefined) {
      const number = amendmentNumberOf(walk);
      return t('walkForm.amendment.amends', { number, date: cellText(amended['date']) });
    }
    const next = chain[chain.findIndex((other) => other.id === walk.id) + 1];
    return next === undefined
      ? undefined
      : t('walkForm.amendment.amendedBy', { number: amendmentNumberOf(next) });
  };
}

/**
 * The line an amendment's PDF carries under its title: "Amendment 1: amends the signed
 * walk of 11/10/2026"; undefined for a walk that amends none.
 */
export function useAmendsLine(
  walks: readonly FieldRecord[] | undefined,
  form: { amends?: string | undefined; amendment?: number | undefined },
): string | undefined {
  const { t } = useTranslation();
  const amended = walks?.find((walk) => walk.id === form.amends);
  return amended === undefined
    ? undefined
    : t('walkForm.amendment.amends', {
        number: form.amendment ?? 1,
        date: cellText(amended['date']),
      });
}

/**
 * On a closing walk's form: for a final walk, that it is final and its "Amend" button (or,
 * once amended, the way to the amendment that stands for it); for an amendment, the signed
 * walk it amends and the way back to it.
 */
export function AmendmentNotice(props: {
  walks: readonly FieldRecord[] | undefined;
  /** The stored walk; undefined for a new one. */
  walk: FieldRecord | undefined;
  /** The form's walk: the walk it amends and its number, stored or new. */
  form: { amends?: string | undefined; amendment?: number | undefined };
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const [, setSearch] = useSearchParams();
  const walks = props.walks ?? [];
  const { walk } = props;
  const amended = walks.find((other) => other.id === props.form.amends);
  const next = walk === undefined ? undefined : walks.find((w) => amendsOf(w) === walk.id);
  const final = walk !== undefined && isFinalWalk(walk);
  return (
    <>
      {amended !== undefined && (
        <Alert
          severity="info"
          data-testid="amendment-note"
          action={
            <Button color="inherit" sx={TAP} onClick={() => setSearch({ walk: amended.id })}>
              {t('walkForm.amendment.openSigned')}
            </Button>
          }
        >
          {t('walkForm.amendment.amends', {
            number: props.form.amendment ?? 1,
            date: cellText(amended['date']),
          })}
        </Alert>
      )}
      {final && props.canWrite && (
        <Alert
          severity="info"
          data-testid="signed-final"
          action={
            next === undefined ? (
              <Button
                color="inherit"
                variant="outlined"
                startIcon={<EditNoteOutlined />}
                sx={TAP}
                data-testid="amend-walk"
                onClick={() => setSearch({ walk: 'new', amends: walk.id })}
              >
                {t('walkForm.amendment.amend')}
              </Button>
            ) : (
              <Button color="inherit" sx={TAP} onClick={() => setSearch({ walk: next.id })}>
                {t('walkForm.amendment.openLatest', { number: amendmentNumberOf(next) })}
              </Button>
            )
          }
        >
          {next === undefined
            ? t('walkForm.amendment.signedFinal')
            : t('walkForm.amendment.amendedBy', { number: amendmentNumberOf(next) })}
        </Alert>
      )}
    </>
  );
}
