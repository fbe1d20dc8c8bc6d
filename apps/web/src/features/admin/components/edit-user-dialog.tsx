// Edit what a user is given: the employee they are (searchable, the e-mail's match
// suggested), their role, each scope's flags, and, as they change, which homes that gives.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { AdminUser } from '@field/domain';
import { toast } from '../../../lib/toast';
import type { PersonEdit } from '../api/users';
import { useAdminActions } from '../api/users';
import { EmployeePicker } from './employee-picker';
import { HomesSummary } from './homes-summary';
import { ScopeFlags } from './scope-flags';

export function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { editUser } = useAdminActions();
  const [edit, setEdit] = useState<PersonEdit>({
    airtableId: user.fieldData.airtableId,
    role: user.fieldData.role,
    scopes: user.scopes,
  });
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const save = () =>
    editUser.mutate(
      { userId: user.id, edit },
      {
        onSuccess: () => {
          toast(t('people.saved', { name }), 'success');
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle>{t('people.editTitle', { name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {editUser.isError && <Alert severity="error">{editUser.error.message}</Alert>}
          <PersonFields email={user.email} edit={edit} onChange={setEdit} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('feedback.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={editUser.isPending}>
          {t('people.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The employee, role and scopes of a person, and the homes they give: edit and invite share it. */
export function PersonFields(props: {
  email: string;
  edit: PersonEdit;
  onChange: (edit: PersonEdit) => void;
}) {
  const { t } = useTranslation();
  const { email, edit, onChange } = props;
  return (
    <>
      <EmployeePicker
        email={email}
        value={edit.airtableId}
        onChange={(airtableId) => onChange({ ...edit, airtableId })}
      />
      <TextField
        label={t('account.role')}
        value={edit.role}
        onChange={(event) => onChange({ ...edit, role: event.target.value })}
      />
      <ScopeFlags scopes={edit.scopes} onChange={(scopes) => onChange({ ...edit, scopes })} />
      <HomesSummary airtableId={edit.airtableId} scopes={edit.scopes} />
    </>
  );
}
