// User administration (admin scope only): approve registrations into a group, give or
// take scope groups and single scopes, and add users (they get a mail to set a password).

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
import Cancel from '@mui/icons-material/Cancel';
import type { AdminUser, ScopeGroup } from '@field/domain';
import { ADMIN_SCOPE, MESSAGES, PENDING_USER_SCOPE, SCOPES, SCOPE_GROUPS } from '@field/domain';
import { toast } from '../../../lib/toast';
import { useAdminActions, useAdminUsers } from '../api/users';

const SINGLE_SCOPES: readonly string[] = [ADMIN_SCOPE, ...SCOPES];

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
  const { approve, addScope, removeScope } = useAdminActions();
  const [group, setGroup] = useState<ScopeGroup>('builder');
  const [single, setSingle] = useState('');
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
              label={scope.value}
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
          {user.approved ? (
            <Button
              onClick={() =>
                addScope.mutate({ userId: user.id, scope: { value: group, group: true } })
              }
            >
              {t('admin.addGroup')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => approve.mutate({ userId: user.id, group })}>
              {t('admin.approve')}
            </Button>
          )}
          <TextField
            select
            size="small"
            label={t('admin.scope')}
            value={single}
            onChange={(event) => setSingle(event.target.value)}
            sx={{ minWidth: 220 }}
          >
            {SINGLE_SCOPES.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
          <Button
            disabled={single === ''}
            onClick={() =>
              addScope.mutate({ userId: user.id, scope: { value: single, group: false } })
            }
          >
            {t('admin.addScope')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { addUser } = useAdminActions();
  const [form, setForm] = useState({ email: '', firstName: '', lastName: '', role: '' });
  const [group, setGroup] = useState<ScopeGroup>('builder');
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: event.target.value }));
  const submit = () =>
    addUser.mutate(
      { ...form, group },
      {
        onSuccess: () => {
          setForm({ email: '', firstName: '', lastName: '', role: '' });
          onClose();
        },
        onError: () => toast(MESSAGES.addUserFailed, 'error'),
      },
    );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('admin.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
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
          <TextField label={t('account.role')} value={form.role} onChange={set('role')} />
          <TextField
            select
            label={t('admin.group')}
            value={group}
            onChange={(event) => setGroup(event.target.value as ScopeGroup)} // Safe: options are SCOPE_GROUPS.
          >
            {SCOPE_GROUPS.map((g) => (
              <MenuItem key={g} value={g}>
                {g}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('feedback.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={addUser.isPending || form.email === ''}
        >
          {t('admin.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
