import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { XIcon } from '../../icons/icons.tsx';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colours.overlay};
`;

const Panel = styled.div`
  position: relative;
  width: min(100%, 440px);
  max-height: calc(100vh - 2rem);
  overflow: auto;
  padding: ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.colours.surface};
  color: ${({ theme }) => theme.colours.text};
`;

const Title = styled.h2`
  margin: 0 ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[4]} 0;
  font-size: 1.35rem;
`;

const CloseButton = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space[3]};
  right: ${({ theme }) => theme.space[3]};
  display: inline-flex;
  padding: ${({ theme }) => theme.space[1]};
  border: 0;
  background: transparent;
  color: inherit;
  cursor: pointer;
`;

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog over the page: it takes focus when it opens, and closes with its close button,
 * the Escape key or a click on the backdrop. Render it only while it is open.
 */
export function Dialog({ title, onClose, children }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previousFocus = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const firstField = panel?.querySelector<HTMLElement>('input, textarea, select');
    (firstField ?? panel)?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      previousFocus?.focus();
    };
  }, []);

  return (
    <Backdrop
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Panel ref={panelRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <Title id={titleId}>{title}</Title>
        <CloseButton type="button" aria-label="Close" onClick={onClose}>
          <XIcon />
        </CloseButton>
        {children}
      </Panel>
    </Backdrop>
  );
}
