import { TextField, type TextFieldProps } from '@fansite/ui-kit';

/** The email field every account form starts with. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return <TextField label="Email" type="email" autoComplete="email" {...props} />;
}
