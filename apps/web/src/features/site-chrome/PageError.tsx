import { errorMessage } from '@fansite/api-client';
import { Button, EmptyState } from '@fansite/ui-kit';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';

/** A page whose data failed to load: the server's message (or the generic one) and a retry. */
export function PageError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const message = errorMessage(error);
  return (
    <>
      <DocumentTitle />
      <EmptyState title={message} titleLevel="h1">
        <Button onClick={() => router.invalidate()}>Retry</Button>
      </EmptyState>
    </>
  );
}
