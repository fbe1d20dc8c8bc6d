// The index pages of the inspections, walk forms and communication sections.

import { INSPECTION_PAGES, WALK_FORMS } from '@field/domain';
import { SectionIndex } from '../../ui/section-index';

export const InspectionsScreen = () => (
  <SectionIndex paths={INSPECTION_PAGES.map((page) => `/homes/inspections/${page.segment}`)} />
);

export const WalksIndexScreen = () => (
  <SectionIndex paths={WALK_FORMS.map((form) => `/walks/${form.segment}`)} />
);

export const CommunicationScreen = () => (
  <SectionIndex
    paths={['/collaboration/communication/phone-calls', '/collaboration/communication/notes']}
  />
);
