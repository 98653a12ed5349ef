import { useId, type ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};

  label {
    font-weight: 600;
  }

  input {
    padding: ${({ theme }) => theme.space[3]};
    border: 1px solid ${({ theme }) => theme.colours.border};
    border-radius: ${({ theme }) => theme.radii.medium};
    background: ${({ theme }) => theme.colours.background};
    color: ${({ theme }) => theme.colours.text};
    font: inherit;
  }

  input:read-only {
    color: ${({ theme }) => theme.colours.mutedText};
  }
`;

export interface TextFieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'onChange'> {
  label: string;
  onChange?: (value: string) => void;
}

/** A labelled input of the account forms. */
export function TextField({ label, onChange, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <input id={id} onChange={(event) => onChange?.(event.target.value)} {...input} />
    </Field>
  );
}

/** The email field every account form starts with. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return <TextField label="Email" type="email" autoComplete="email" {...props} />;
}
