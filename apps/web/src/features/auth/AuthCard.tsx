import { authErrorMessage } from '@fansite/auth';
import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Spinner, useControlWaitsForScript } from '@fansite/ui-kit';
import { StatusMessage } from '../../lib/StatusMessage.tsx';

const Card = styled.section`
  max-width: 440px;
  margin: ${({ theme }) => `${theme.space[7]} auto`};
  padding: ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.colours.surface};

  h1 {
    margin: 0 0 ${({ theme }) => theme.space[5]};
    font-size: 1.5rem;
  }
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

/** Disabled as a whole while the form is sent: nothing typed then can be lost. */
const Fields = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => `${theme.space[5]} 0 0`};

  a {
    display: inline-flex;
    align-items: center;
    /* A finger needs 44 px (WCAG 2.5.5). */
    min-height: 44px;
    color: ${({ theme }) => theme.colours.accent};
  }
`;

export interface AuthCardProps {
  title: string;
  children: ReactNode;
  /** Links under the card: to sign in, sign up, reset the password. */
  links?: ReactNode;
}

/** The frame of the sign-up, sign-in and password pages. */
export function AuthCard({ title, children, links }: AuthCardProps) {
  return (
    <Card>
      <h1>{title}</h1>
      {children}
      {links && <Links>{links}</Links>}
    </Card>
  );
}

export interface AuthFormProps {
  /**
   * Called with the fields as they are at the press. The fields are the browser's own, not React
   * state: what a visitor (or a password manager) filled before the app took the page over stays
   * where it is, and is what the form sends.
   */
  onSubmit: (fields: FormData, form: HTMLFormElement) => void;
  submitLabel: string;
  /**
   * Disables the fields and the button and shows a spinner while the identity service answers
   * (and while the next page opens), so what is typed meanwhile is never silently dropped.
   */
  pending: boolean;
  children: ReactNode;
}

/** A form whose checks are the page's own (messages of docs/product.md), not the browser's. */
export function AuthForm({ onSubmit, submitLabel, pending, children }: AuthFormProps) {
  // Pressed before any script listens, the button would send the form the browser's way: the
  // fields, passwords included, in the address of a page reload. A press after is kept.
  const submitWaits = useControlWaitsForScript(pending);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pending) onSubmit(new FormData(event.currentTarget), event.currentTarget);
  }
  return (
    <Form noValidate onSubmit={submit} aria-busy={pending}>
      <Fields disabled={pending}>
        {children}
        <Button type="submit" {...submitWaits}>
          {submitLabel}
        </Button>
      </Fields>
      {pending && <Spinner label="Please wait" />}
    </Form>
  );
}

/** The identity service's failure, in the words of docs/product.md; nothing while there is none. */
export function AuthError({ error }: { error: unknown }) {
  if (!error) return null;
  return <StatusMessage tone="error">{authErrorMessage(error)}</StatusMessage>;
}
