// A labelled outlined text field for the screens of the first load (sign-in): what MUI's
// TextField renders for an outlined input (FormControl, InputLabel, OutlinedInput), without
// the Select that TextField always imports, and with it Menu, Popover, Modal and the
// filled and standard inputs (15 KB gzip on /login).

import type { ChangeEvent, InputHTMLAttributes } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface TextInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  name?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  /** Attributes of the input element itself (inputMode, autoCapitalize...). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

export function TextInput({
  id,
  label,
  value,
  onChange,
  type,
  name,
  autoComplete,
  required = false,
  disabled = false,
  fullWidth = false,
  htmlInput,
}: TextInputProps) {
  return (
    <FormControl variant="outlined" required={required} disabled={disabled} fullWidth={fullWidth}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        // The outline's notch is as wide as the label, the required mark included.
        label={required ? `${label}\u2009*` : label}
        type={type}
        name={name}
        autoComplete={autoComplete}
        value={value}
        onChange={onChange}
        inputProps={htmlInput}
      />
    </FormControl>
  );
}
