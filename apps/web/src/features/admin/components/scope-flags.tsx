// A user's scopes with their flags: each group or single scope held, with read, write and
// approved to tick, a way to remove it, and a way to add one of the catalogue (domain SCOPES,
// the groups, admin).

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Delete from '@mui/icons-material/Delete';
import type { Scope } from '@field/domain';
import { ADMIN_SCOPE, PENDING_USER_SCOPE, SCOPES, SCOPE_GROUPS } from '@field/domain';

const FLAGS = ['read', 'write', 'approved'] as const;
const keyOf = (s: Pick<Scope, 'value' | 'group'>) => `${s.group ? 'g' : 's'}:${s.value}`;

export interface ScopeFlagsProps {
  scopes: readonly Scope[];
  onChange: (scopes: Scope[]) => void;
}

export function ScopeFlags({ scopes, onChange }: ScopeFlagsProps) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState('');
  const shown = scopes.filter((s) => s.value !== PENDING_USER_SCOPE);
  const held = new Set(scopes.map(keyOf));
  const set = (scope: Scope, flag: (typeof FLAGS)[number], on: boolean) =>
    onChange(scopes.map((s) => (keyOf(s) === keyOf(scope) ? { ...s, [flag]: on } : s)));
  const add = () => {
    const [kind, value] = [adding.slice(0, 1), adding.slice(2)];
    onChange([...scopes, { value, group: kind === 'g', approved: true, read: true, write: true }]);
    setAdding('');
  };
  return (
    <Stack spacing={1} aria-label={t('people.scopes')} role="group">
      <Typography variant="subtitle2">{t('people.scopes')}</Typography>
      {shown.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('account.noScopes')}
        </Typography>
      )}
      {shown.map((scope) => (
        <Paper
          key={keyOf(scope)}
          variant="outlined"
          sx={{ px: 1.5, py: 0.5, display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
          data-scope={scope.value}
        >
          <Box sx={{ flex: { xs: '1 1 100%', sm: '1 1 160px' }, minWidth: 0 }}>
            <Typography sx={{ fontWeight: scope.group ? 650 : 400, overflowWrap: 'anywhere' }}>
              {scope.value}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {scope.group ? t('people.groupKind') : t('people.scopeKind')}
            </Typography>
          </Box>
          {FLAGS.map((flag) => (
            <FormControlLabel
              key={flag}
              sx={{ mr: 0.5 }}
              control={
                <Checkbox
                  size="small"
                  checked={scope[flag]}
                  onChange={(event) => set(scope, flag, event.target.checked)}
                />
              }
              label={t(`people.${flag}`)}
            />
          ))}
          <IconButton
            aria-label={t('admin.remove', { scope: scope.value })}
            onClick={() => onChange(scopes.filter((s) => keyOf(s) !== keyOf(scope)))}
          >
            <Delete />
          </IconButton>
        </Paper>
      ))}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('people.addScope')}
          value={adding}
          onChange={(event) => setAdding(event.target.value)}
          sx={{ flex: 1, maxWidth: 320 }}
        >
          <ListSubheader>{t('admin.group')}</ListSubheader>
          {SCOPE_GROUPS.filter((g) => !held.has(`g:${g}`)).map((g) => (
            <MenuItem key={g} value={`g:${g}`}>
              {g}
            </MenuItem>
          ))}
          <ListSubheader>{t('admin.scope')}</ListSubheader>
          {[ADMIN_SCOPE, ...SCOPES]
            .filter((s) => !held.has(`s:${s}`))
            .map((s) => (
              <MenuItem key={s} value={`s:${s}`}>
                {s}
              </MenuItem>
            ))}
        </TextField>
        <Button disabled={adding === ''} onClick={add}>
          {t('admin.addScope')}
        </Button>
      </Stack>
    </Stack>
  );
}
