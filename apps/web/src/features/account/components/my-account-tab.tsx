// Who is signed in: name, email, role, employee record and the permissions they hold.

import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { MESSAGES, profilePictureAnswerSchema, userDocumentSchema } from '@field/domain';
import { apiClient } from '../../../api/client';
import { asDataUrl, shrinkPicture, useUserPhoto } from '../../../data/user-photo';
import { toast } from '../../../lib/toast';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSession, useSignedIn } from '../../../data/session';

const PROFILE_PATH = '/api/users/profile';
const PHOTO_PATH = '/api/users/profilePicture';

/** Edits the user's names (`PATCH /api/users/profile`). */
function NamesForm() {
  const { t } = useTranslation();
  const { user } = useSignedIn();
  const { setUser } = useSession();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const save = useMutation({
    mutationFn: () =>
      apiClient.patch(
        PROFILE_PATH,
        { userId: user.id, updates: { firstName: firstName.trim(), lastName: lastName.trim() } },
        userDocumentSchema,
      ),
    onSuccess: setUser,
    onError: () => toast(MESSAGES.updateProfileFailed, 'error'),
    retry: false,
  });
  const changed = firstName.trim() !== user.firstName || lastName.trim() !== user.lastName;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changed && firstName.trim() !== '' && lastName.trim() !== '') save.mutate();
  };
  return (
    <form onSubmit={submit} aria-label={t('account.editNames')}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label={t('register.firstName')}
          required
          size="small"
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
        />
        <TextField
          label={t('register.lastName')}
          required
          size="small"
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
        />
        <Button type="submit" variant="outlined" disabled={!changed || save.isPending}>
          {t('account.saveNames')}
        </Button>
      </Stack>
      {save.isSuccess && !changed && (
        <Typography variant="body2" color="success.main" sx={{ mt: 1 }} role="status">
          {t('account.saved')}
        </Typography>
      )}
    </form>
  );
}

/** Uploads a new picture (`POST /api/users/profilePicture`, stored at users/{id}/profilePicture). */
function PhotoButton() {
  const { t } = useTranslation();
  const { user } = useSignedIn();
  const { setUser } = useSession();
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const picture = await shrinkPicture(file);
      const dataUrl = await asDataUrl(picture);
      const answer = await apiClient.post(
        PHOTO_PATH,
        { userId: user.id, file: dataUrl, contentType: picture.type || file.type },
        profilePictureAnswerSchema,
      );
      return answer.user;
    },
    onSuccess: setUser,
    onError: () => toast(MESSAGES.updateProfileFailed, 'error'),
    retry: false,
  });
  return (
    <Button component="label" size="small" disabled={upload.isPending}>
      {t('account.changePhoto')}
      <input
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file !== undefined) upload.mutate(file);
          event.target.value = '';
        }}
      />
    </Button>
  );
}

export function MyAccountTab() {
  const { t } = useTranslation();
  const { user } = useSignedIn();
  const photo = useUserPhoto(user.photoURL);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const scopes = user.scopes.filter((scope) => scope.approved);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Avatar src={photo} alt="" sx={{ width: 64, height: 64, bgcolor: 'secondary.main' }}>
          {`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`}
        </Avatar>
        <Box>
          <Typography variant="h2">{name}</Typography>
          <Typography color="text.secondary">{user.fieldData.role}</Typography>
          <PhotoButton />
        </Box>
      </Stack>
      <NamesForm />
      <Box
        component="dl"
        sx={{
          // The list's own margin off, then the gap under Save (m after mt undid it).
          m: 0,
          mt: 2,
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          gap: 1,
        }}
      >
        <Typography component="dt" color="text.secondary">
          {t('account.email')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('account.employee')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {user.fieldData.airtableId ?? '—'}
        </Typography>
      </Box>
      <Typography variant="subtitle1" sx={{ mt: 2, fontWeight: 650 }}>
        {t('account.scopes')}
      </Typography>
      {scopes.length === 0 ? (
        <Typography color="text.secondary">{t('account.noScopes')}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {scopes.map((scope) => (
            <Chip
              key={`${scope.group ? 'g' : 's'}:${scope.value}`}
              label={`${scope.value}${scope.group ? ` (${t('account.group')})` : ''}`}
              variant={scope.group ? 'filled' : 'outlined'}
              size="small"
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}
