// App settings kept on the device: work or presentation mode, testing mode (locked on for
// demo accounts), which homes the lists show, and the menu's orientation.

import { useTranslation } from 'react-i18next';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { HomeListKind, Mode } from '@field/domain';
import type { MenuOrientation } from '../../../data/local-settings';
import {
  effectiveTesting,
  homeListKind,
  menuOrientation,
  setHomeListKind,
  setMenuOrientation,
  setMode,
  setTesting,
  useLocalSettings,
} from '../../../data/local-settings';
import { useSignedIn } from '../../../data/session';

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <Stack spacing={0.5}>
      <Typography sx={{ fontWeight: 650 }}>{label}</Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={value}
        aria-label={label}
        onChange={(_event, next: T | null) => {
          if (next !== null) onChange(next);
        }}
      >
        {options.map((option) => (
          <ToggleButton key={option.value} value={option.value} sx={{ px: 2 }}>
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}

export function SettingsTab() {
  const { t } = useTranslation();
  const { access } = useSignedIn();
  const settings = useLocalSettings();
  const testing = effectiveTesting(settings, access.demo);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Stack spacing={3}>
        <Choice<Mode>
          label={t('settings.mode')}
          value={settings.mode}
          options={[
            { value: 'work', label: t('settings.work') },
            { value: 'presentation', label: t('settings.presentation') },
          ]}
          onChange={setMode}
        />
        <Stack>
          <FormControlLabel
            control={
              <Switch
                checked={testing}
                disabled={access.demo}
                onChange={(event) => setTesting(event.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'testing-help' } }}
              />
            }
            label={t('settings.testing')}
          />
          <FormHelperText id="testing-help">
            {access.demo ? t('settings.testingLocked') : t('settings.testingHelp')}
          </FormHelperText>
        </Stack>
        <Choice<HomeListKind>
          label={t('settings.homeList')}
          value={homeListKind(settings)}
          options={[
            { value: 'mine', label: t('settings.myHomes') },
            { value: 'all', label: t('settings.allHomes') },
          ]}
          onChange={setHomeListKind}
        />
        <Choice<MenuOrientation>
          label={t('settings.menu')}
          value={menuOrientation(settings)}
          options={[
            { value: 'vertical', label: t('settings.vertical') },
            { value: 'horizontal', label: t('settings.horizontal') },
          ]}
          onChange={setMenuOrientation}
        />
      </Stack>
    </Paper>
  );
}
