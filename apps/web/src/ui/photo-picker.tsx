// Photos taken or chosen on the device for a record (a punch item, a day's log): a button
// that opens the camera or the gallery, and how many are chosen so far.

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddAPhoto from '@mui/icons-material/AddAPhoto';
import { TAP } from './touch';

export function PhotoPicker(props: {
  addLabel: string;
  /** What is chosen so far; nothing shown when undefined. */
  chosenLabel: string | undefined;
  onChoose: (files: File[]) => void;
}) {
  return (
    <Stack spacing={1}>
      <Button component="label" variant="outlined" startIcon={<AddAPhoto />} sx={TAP}>
        {props.addLabel}
        <input
          hidden
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          data-testid="photo-input"
          onChange={(event) => {
            props.onChoose(event.target.files === null ? [] : [...event.target.files]);
            event.target.value = '';
          }}
        />
      </Button>
      {props.chosenLabel !== undefined && (
        <Typography variant="body2" data-testid="chosen-photos">
          {props.chosenLabel}
        </Typography>
      )}
    </Stack>
  );
}
