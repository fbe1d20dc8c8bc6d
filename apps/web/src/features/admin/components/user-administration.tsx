// User administration (admin scope only): approve registrations (once their address is
// verified) into a group, edit a user's employee link, role and scopes, and invite people
// (they get a mail to set a password).

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Cancel from '@mui/icons-material/Cancel';
import type { AdminUser, ScopeGroup } from '@field/domain';
import { MESSAGES, PENDING_USER_SCOPE, SCOPE_GROUPS } from '@field/domain';
import { toast } from '../../../lib/toast';
import type { PersonEdit } from '../api/users';
import { useAdminActions, useAdminUsers } from '../api/users';
import { EditUserDialog, PersonFields } from './edit-user-dialog';

export function UserAdministration() {
  const { t } = useTranslation();
  const users = useAdminUsers(true);
  const [adding, setAdding] = useState(false);
  if (users.error !== null) return <Alert severity="error">{users.error.message}</Alert>;
  if (users.data === undefined) return <LinearProgress aria-label={t('app.loading')} />;
  const sorted = [...users.data].sort(
    (a, b) => Number(a.approved) - Number(b.approved) || a.email.localeCompare(b.email),
  );
  return (
    <Stack spacing={2}>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <Typography color="text.secondary">
          {t('admin.count', { count: users.data.length })}
        </Typography>
        <Button variant="contained" onClick={() => setAdding(true)}>
          {t('admin.add')}
        </Button>
      </Box>
      <Stack
        spacing={1}
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label={t('admin.users')}
      >
        {sorted.map((user) => (
          <UserRow key={user.id} user={user} />
        ))}
      </Stack>
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const { approve, removeScope, inviteAgain } = useAdminActions();
  const [group, setGroup] = useState<ScopeGroup>('builder');
  const [editing, setEditing] = useState(false);
  const shown = user.scopes.filter((s) => s.value !== PENDING_USER_SCOPE);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} data-user-email={user.email}>
      <Stack spacing={1}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 650 }}>{name}</Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
          {!user.approved && <Chip size="small" color="warning" label={t('admin.pending')} />}
          {!user.emailVerified && (
            <Chip size="small" color="warning" variant="outlined" label={t('people.unverified')} />
          )}
          {!user.hasPassword && user.providers.length === 0 && (
            <Chip size="small" variant="outlined" label={t('people.invited')} />
          )}
          <Chip
            size="small"
            variant="outlined"
            color={user.fieldData.airtableId === null ? 'warning' : 'default'}
            label={
              user.fieldData.airtableId === null
                ? t('people.notLinked')
                : t('people.linked', { role: user.fieldData.role || '—' })
            }
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {shown.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('account.noScopes')}
            </Typography>
          )}
          {shown.map((scope) => (
            <Chip
              key={`${String(scope.group)}:${scope.value}`}
              size="small"
              variant={scope.group ? 'filled' : 'outlined'}
              label={`${scope.value}${scope.write ? '' : ` (${t('people.readOnly')})`}`}
              onDelete={() => removeScope.mutate({ userId: user.id, scope })}
              deleteIcon={<Cancel titleAccess={t('admin.remove', { scope: scope.value })} />}
            />
          ))}
        </Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' } }}
        >
          {!user.approved && (
            <>
              <TextField
                select
                size="small"
                label={t('admin.group')}
                value={group}
                onChange={(event) => setGroup(event.target.value as ScopeGroup)} // Safe: options are SCOPE_GROUPS.
                sx={{ minWidth: 180 }}
              >
                {SCOPE_GROUPS.map((g) => (
                  <MenuItem key={g} value={g}>
                    {g}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="contained"
                disabled={!user.emailVerified}
                onClick={() =>
                  approve.mutate(
                    { userId: user.id, group },
                    { onError: (error) => toast(error.message, 'error') },
                  )
                }
              >
                {t('admin.approve')}
              </Button>
            </>
          )}
          <Button variant="outlined" onClick={() => setEditing(true)}>
            {t('people.edit')}
          </Button>
          {!user.hasPassword && user.providers.length === 0 && (
            <Button
              onClick={() =>
                inviteAgain.mutate(user, {
                  onSuccess: () => toast(t('people.invitationSent', { email: user.email })),
                  onError: (error) => toast(error.message, 'error'),
                })
              }
            >
              {t('people.inviteAgain')}
            </Button>
          )}
        </Stack>
        {!user.approved && !user.emailVerified && (
          <Typography variant="body2" color="text.secondary">
            {t('people.verifyFirst')}
          </Typography>
        )}
      </Stack>
      {editing && <EditUserDialog user={user} onClose={() => setEditing(false)} />}
    </Paper>
  );
}

const NO_PERSON: PersonEdit = {
  airtableId: null,
  role: '',
  scopes: [{ value: 'builder', group: true, approved: true, read: true, write: true }],
};

function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { addUser } = useAdminActions();
  const [form, setForm] = useState({ email: '', firstName: '', lastName: '' });
  const [person, setPerson] = useState<PersonEdit>(NO_PERSON);
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: event.target.value }));
  const submit = () =>
    addUser.mutate(
      { ...form, ...person },
      {
        onSuccess: () => {
          toast(t('people.invitationSent', { email: form.email }), 'success');
          setForm({ email: '', firstName: '', lastName: '' });
          setPerson(NO_PERSON);
          onClose();
        },
        onError: () => toast(MESSAGES.addUserFailed, 'error'),
      },
    );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle>{t('admin.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('people.inviteIntro')}
          </Typography>
          {addUser.isError && (
            <Alert severity="error">
              {MESSAGES.addUserFailed}: {addUser.error.message}
            </Alert>
          )}
          <TextField
            label={t('signIn.email')}
            type="email"
            required
            value={form.email}
            onChange={set('email')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('register.firstName')}
              required
              fullWidth
              value={form.firstName}
              onChange={set('firstName')}
            />
            <TextField
              label={t('register.lastName')}
              required
              fullWidth
              value={form.lastName}
              onChange={set('lastName')}
            />
          </Stack>
          <PersonFields email={form.email} edit={person} onChange={setPerson} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('feedback.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={addUser.isPending || form.email === ''}
        >
          {t('people.invite')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
