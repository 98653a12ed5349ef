import styled from 'styled-components';

const Box = styled.p<{ $tone: 'success' | 'error' }>`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme, $tone }) =>
    $tone === 'success' ? theme.colours.status.success : theme.colours.status.danger};
  color: ${({ theme }) => theme.colours.status.onStatus};
`;

export interface StatusMessageProps {
  tone: 'success' | 'error';
  children: string;
}

/** A failure in a red box, or a success in green, announced to assistive technology. */
export function StatusMessage({ tone, children }: StatusMessageProps) {
  return (
    <Box role={tone === 'error' ? 'alert' : 'status'} $tone={tone}>
      {children}
    </Box>
  );
}
