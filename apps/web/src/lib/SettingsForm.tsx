import { ApiError } from '@fansite/api-client';
import { useId, type ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';

/** The forms of the subscriber pages: one column of labelled fields and a button. */
export const SettingsForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 640px;
  min-width: 0;
`;

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;

  label {
    font-weight: 600;
  }

  input,
  textarea {
    min-width: 0;
    padding: ${({ theme }) => theme.space[3]};
    border: 1px solid ${({ theme }) => theme.colours.border};
    border-radius: ${({ theme }) => theme.radii.medium};
    background: ${({ theme }) => theme.colours.background};
    color: ${({ theme }) => theme.colours.text};
    font: inherit;
  }

  textarea {
    min-height: 7rem;
    resize: vertical;
  }

  [aria-invalid='true'] {
    border-color: #ef4444;
  }

  p {
    margin: 0;
    color: #f87171;
    font-size: 0.9rem;
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
      {error && <p id={errorId}>{error}</p>}
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
