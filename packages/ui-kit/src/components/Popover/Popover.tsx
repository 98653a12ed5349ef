import { useControlWaitsForScript } from '@fansite/ssr/browser';
import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import styled from 'styled-components';
import type { IconProps } from '../../icons/icons.tsx';

const Wrapper = styled.div`
  position: relative;
  display: inline-flex;
`;

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  /* A finger needs 44 px (WCAG 2.5.5). */
  min-width: 44px;
  min-height: 44px;
  padding: ${({ theme }) => theme.space[2]};
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colours.text};
  cursor: pointer;

  &:hover,
  &[aria-expanded='true'] {
    background: ${({ theme }) => theme.colours.accent};
    color: ${({ theme }) => theme.colours.onPrimary};
  }
`;

const Panel = styled.div`
  position: absolute;
  right: 0;
  bottom: calc(100% + ${({ theme }) => theme.space[2]});
  z-index: 20;
  min-width: 240px;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colours.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.background};
  box-shadow: 0 4px 24px rgba(0, 0, 0, 0.45);
`;

export interface PopoverProps {
  /** Names the button that opens the popover, and the popover itself. */
  label: string;
  icon: ComponentType<IconProps>;
  children: ReactNode;
}

/** A small panel opened by an icon button; it closes with Escape or a click elsewhere. */
export function Popover({ label, icon: Icon, children }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('mousedown', closeOnOutsideClick);
    };
  }, [open]);

  // Does nothing without the app: disabled until the page keeps presses for it.
  const pressKept = useControlWaitsForScript();
  return (
    <Wrapper ref={wrapperRef}>
      <Trigger
        type="button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        {...pressKept}
      >
        <Icon />
      </Trigger>
      {open && (
        <Panel id={panelId} role="region" aria-label={label}>
          {children}
        </Panel>
      )}
    </Wrapper>
  );
}
