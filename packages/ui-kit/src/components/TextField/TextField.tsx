import { useId, type ComponentPropsWithoutRef } from 'react';
import styled, { css } from 'styled-components';

/**
 * A labelled form field: its label above its control and its error under both. Forms with
 * controls of their own (a select, a checkbox) build on it, so every field reads the same.
 */
export const FormField = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};

  label {
    font-weight: 600;
  }
`;

/** How a form's text control looks: the inputs, text areas and selects of every form. */
export const fieldControl = css`
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colours.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.background};
  color: ${({ theme }) => theme.colours.text};
  font: inherit;

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colours.status.dangerBorder};
  }
`;

const control = css`
  ${fieldControl}

  &:read-only {
    color: ${({ theme }) => theme.colours.mutedText};
  }
`;

const Input = styled.input`
  ${control}
`;

const TextArea = styled.textarea`
  ${control}
  min-height: 6rem;
`;

/** A field's problem, under it; the control names its id in `aria-describedby`. */
export const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colours.status.dangerText};
  font-size: 0.9rem;
`;

interface FieldProps {
  label: string;
  /** The field's problem, shown under it and read out with it; the field is marked invalid. */
  error?: string;
  onChange?: (value: string) => void;
}

export type TextFieldProps = FieldProps &
  Omit<ComponentPropsWithoutRef<'input'>, 'onChange' | 'id'> & { multiline?: false };

export type TextAreaFieldProps = FieldProps &
  Omit<ComponentPropsWithoutRef<'textarea'>, 'onChange' | 'id'> & { multiline: true };

/**
 * A labelled text input (or, with `multiline`, a text area) with its error: the error gets an id
 * that the control names in `aria-describedby`, so a screen reader reads it with the field.
 */
export function TextField(props: TextFieldProps | TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const { label, error, onChange, multiline: _multiline, ...control } = props;
  const describedBy =
    [control['aria-describedby'], error ? errorId : undefined].filter(Boolean).join(' ') ||
    undefined;
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <FormField>
      <label htmlFor={id}>{label}</label>
      {props.multiline ? (
        <TextArea
          {...(control as ComponentPropsWithoutRef<'textarea'>)}
          {...shared}
          onChange={(event) => onChange?.(event.target.value)}
        />
      ) : (
        <Input
          {...(control as ComponentPropsWithoutRef<'input'>)}
          {...shared}
          onChange={(event) => onChange?.(event.target.value)}
        />
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </FormField>
  );
}
