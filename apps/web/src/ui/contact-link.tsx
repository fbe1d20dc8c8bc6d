// A phone number or an e-mail address as a link that calls or writes in one tap (`tel:`,
// `mailto:`), wherever people's contacts show: the directories' Phone and Email columns,
// a home's staff, an item's trade.

import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import type { FieldRecord } from '../data/records';
import { TAP_HEIGHT } from './touch';

type ContactKind = 'tel' | 'email';

/** The link of a contact; undefined for an empty one. */
function contactHref(kind: ContactKind, value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (kind === 'email') return `mailto:${trimmed}`;
  const dialled = trimmed.replace(/[^\d+]/g, '');
  return dialled === '' ? undefined : `tel:${dialled}`;
}

export function ContactLink(props: { kind: ContactKind; value: string }) {
  const href = contactHref(props.kind, props.value);
  if (href === undefined) return <>{props.value.trim() === '' ? '—' : props.value}</>;
  return (
    // A full touch target: the call and mail links are what a field user taps here, and
    // as plain text links they were 16 to 20 px tall between close lines.
    <Link
      href={href}
      sx={{ overflowWrap: 'anywhere', display: 'inline-flex', alignItems: 'center', ...TAP_HEIGHT }}
    >
      {props.value.trim()}
    </Link>
  );
}

/** The columns whose values are contacts, by field name. */
const CONTACT_COLUMNS: Readonly<Record<string, ContactKind>> = { Phone: 'tel', Email: 'email' };

/** How a column of contacts draws its cells; undefined for any other column. */
export function contactRender(field: string): ((record: FieldRecord) => ReactNode) | undefined {
  const kind = CONTACT_COLUMNS[field];
  if (kind === undefined) return undefined;
  return (record) => {
    const value = record[field];
    return <ContactLink kind={kind} value={typeof value === 'string' ? value : ''} />;
  };
}
