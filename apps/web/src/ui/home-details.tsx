// The selected home's details for the data panel: its fields, its staff by name with
// their contacts (one-tap tel: / mailto: links), its jobs and its reviews (which have
// calls but no screen of their own).

import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RESOURCE_ACCESS, STAFF_TYPES, hasAccess } from '@field/domain';
import type { ActiveHome } from '../data/homes';
import { useSignedIn } from '../data/session';
import type { FieldRecord } from '../data/records';
import { textOf, useHomeRecords, useRecordList } from '../data/records';
import { ContactLink } from './contact-link';
import { cellText } from './record-table';

const GRID = {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  // On the first line's baseline: a call or mail link is a taller touch target.
  alignItems: 'baseline',
  columnGap: 2,
  rowGap: 0.5,
  m: 0,
} as const;

function Field({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

/** One staff member: name, and their phone and e-mail as one-tap links. */
function StaffMember(props: { id: string; employee: FieldRecord | undefined }) {
  const { employee } = props;
  if (employee === undefined)
    return (
      <Box component="span" sx={{ display: 'block' }}>
        {props.id}
      </Box>
    );
  const phone = textOf(employee, 'Phone');
  const email = textOf(employee, 'Email');
  return (
    <Box
      component="span"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}
    >
      <span>{textOf(employee, 'Name')}</span>
      {phone !== '' && <ContactLink kind="tel" value={phone} />}
      {email !== '' && <ContactLink kind="email" value={email} />}
    </Box>
  );
}

/** The home's staff by list, each with their contacts (names only without the staff list). */
function HomeStaff(props: { home: ActiveHome; canRead: boolean }) {
  const { t } = useTranslation();
  const { data } = useRecordList('employees', props.canRead);
  const byId = new Map((data ?? []).map((employee) => [employee.id, employee]));
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {t('details.staff')}
      </Typography>
      <Box component="dl" sx={GRID}>
        {STAFF_TYPES.map((type) => (
          <Fragment key={type}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`fields.${type}`)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {props.home[type].length === 0
                ? '—'
                : props.home[type].map((id) => (
                    <StaffMember key={id} id={id} employee={byId.get(id)} />
                  ))}
            </Typography>
          </Fragment>
        ))}
      </Box>
    </Box>
  );
}

export function HomeDetails({ home }: { home: ActiveHome }) {
  const { t } = useTranslation();
  const { access } = useSignedIn();
  const canReadHomeRecords = hasAccess(access, RESOURCE_ACCESS.jobs.read, 'read');
  const jobs = useHomeRecords('jobs', canReadHomeRecords ? home.id : null).query;
  const reviews = useHomeRecords('reviews', canReadHomeRecords ? home.id : null).query;
  return (
    <Stack spacing={2} data-testid="home-details">
      <Box component="dl" sx={GRID}>
        <Field label={t('fields.HomeID')} value={home.HomeID} />
        <Field label={t('fields.Community')} value={home.Community} />
        <Field label={t('fields.Lot')} value={home.Lot} />
        <Field label={t('fields.Plan')} value={home.Plan} />
        <Field label={t('fields.Status')} value={home.Status} />
        <Field label={t('fields.KOVA Status')} value={home['KOVA Status']} />
        <Field
          label={t('fields.Construction Start')}
          value={cellText(home['Construction Start'])}
        />
        <Field label={t('fields.Projected Close')} value={cellText(home['Projected Close'])} />
      </Box>
      <Divider />
      <HomeStaff home={home} canRead={hasAccess(access, RESOURCE_ACCESS.employees.read, 'read')} />
      {canReadHomeRecords && (
        <>
          <Divider />
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
              {t('details.jobs')}
            </Typography>
            {jobs.isPending ? (
              <LinearProgress />
            ) : (jobs.data ?? []).length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('details.noJobs')}
              </Typography>
            ) : (
              <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {(jobs.data ?? []).map((job) => (
                  <Box
                    component="li"
                    key={job.id}
                    sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
                  >
                    <Typography variant="body2" sx={{ flex: 1 }}>
                      {textOf(job, 'Name')}
                    </Typography>
                    <Chip size="small" label={textOf(job, 'Status')} />
                  </Box>
                ))}
              </Stack>
            )}
          </Box>
          <Divider />
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
              {t('details.reviews')}
            </Typography>
            {reviews.isPending ? (
              <LinearProgress />
            ) : (reviews.data ?? []).length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('details.noReviews')}
              </Typography>
            ) : (
              <Stack spacing={1}>
                {(reviews.data ?? []).map((review) => (
                  <Box key={review.id}>
                    <Rating value={Number(review['Rating'] ?? 0)} readOnly size="small" />
                    <Typography variant="body2">{textOf(review, 'Comment')}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {textOf(review, 'Reviewer')} · {cellText(review['Date'])}
                    </Typography>
                  </Box>
                ))}
              </Stack>
            )}
          </Box>
        </>
      )}
    </Stack>
  );
}
