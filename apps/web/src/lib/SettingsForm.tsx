import { ApiError } from '@fansite/api-client';
import { fieldControl, FieldError, FormField } from '@fansite/ui-kit';
import { useId, type ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';

/** The forms of the subscriber pages: one column of labelled fields and a button. */
export const SettingsForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 640px;
  min-width: 0;
`;

const Field = styled(FormField)`
  min-width: 0;

  input,
  textarea {
    min-width: 0;
    ${fieldControl}
  }

  textarea {
    min-height: 7rem;
    resize: vertical;
  }
`;

type InputProps = Omit<ComponentPropsWithoutRef<'input'>, 'name'>;

export interface SettingsFieldProps extends InputProps {
  label: string;
  name: string;
  /** The field's problem, shown under it and announced with it. */
  error?: string;
  multiline?: boolean;
}

/** A labelled input (or text area) whose problem is tied to it for assistive technology. */
export function SettingsField({ label, name, error, multiline, ...input }: SettingsFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          {...shared}
          defaultValue={input.defaultValue}
          maxLength={input.maxLength}
          placeholder={input.placeholder}
        />
      ) : (
        <input {...shared} {...input} />
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Field>
  );
}

/** The first problem of each field of a zod result, for SettingsField's `error`. */
export function firstProblems(issues: { path: PropertyKey[]; message: string }[]) {
  const problems: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    problems[field] ??= issue.message;
  }
  return problems;
}

/** The server said 403: a signed-in person who is not a subscriber (docs/product.md, roles). */
export const isSubscribersOnly = (error: unknown) =>
  error instanceof ApiError && error.code === 403;
