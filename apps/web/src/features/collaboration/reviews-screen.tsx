// Reviews of the selected home (`/collaboration/reviews`): a rating from 1 to 5, where it
// came from and what was said, added and edited through the offline queue.

import type { RecordScreenConfig } from '../../ui/record-list-screen';
import { RecordListScreen } from '../../ui/record-list-screen';
import { textOf } from '../../data/records';
import { cellText } from '../../ui/record-table';

const RATINGS = ['1', '2', '3', '4', '5'];

const REVIEWS: RecordScreenConfig = {
  resource: 'reviews',
  texts: 'reviews',
  testIds: { list: 'reviews', row: 'review', empty: 'reviews-empty' },
  fields: [
    { name: 'Date', kind: 'date' },
    { name: 'Rating', kind: 'number', hint: () => RATINGS.join(' · ') },
    { name: 'Source' },
    { name: 'Reviewer' },
    { name: 'Comment', kind: 'multiline' },
  ],
  columns: () => ['Date', 'Rating', 'Source', 'Reviewer', 'Comment'],
  defaults: () => ({ Date: new Date().toISOString().slice(0, 10), Rating: 5 }),
  sort: (a, b) => textOf(b, 'Date').localeCompare(textOf(a, 'Date')) || b.id.localeCompare(a.id),
  rowLabel: (review) => `${cellText(review['Date'])} · ${textOf(review, 'Rating')}/5`,
};

export function Component() {
  return <RecordListScreen config={REVIEWS} />;
}
