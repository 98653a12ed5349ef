import styled from 'styled-components';
import { Button } from '../Button/Button.tsx';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[4]};
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colours.status.dangerBorder};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.surface};
  text-align: center;
`;

const Message = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

export interface LoadErrorProps {
  /** What went wrong, as the server said it (or the generic message). */
  message: string;
  /** Asks again; the box stays until the new answer comes. */
  onRetry: () => void;
  /** Names the content that failed for assistive technology, e.g. "Search results". */
  'aria-label'?: string;
}

/**
 * Stands where a list or a section would be when its call failed: the reason and a Retry button,
 * instead of a silent gap the visitor cannot tell from an empty list.
 */
export function LoadError({ message, onRetry, ...props }: LoadErrorProps) {
  return (
    <Box role="alert" {...props}>
      <Message>{message}</Message>
      <Button variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </Box>
  );
}
