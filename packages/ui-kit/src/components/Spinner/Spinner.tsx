import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from '../VisuallyHidden.ts';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Wrapper = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space[6]};
`;

const Circle = styled.span`
  width: 40px;
  height: 40px;
  border: 4px solid ${({ theme }) => theme.colours.border};
  border-top-color: ${({ theme }) => theme.colours.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

export interface SpinnerProps {
  /** What is loading, for assistive technology. */
  label?: string;
}

/** Shown while something loads; announced as a status. */
export function Spinner({ label = 'Loading' }: SpinnerProps) {
  return (
    <Wrapper role="status">
      <Circle aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Wrapper>
  );
}
