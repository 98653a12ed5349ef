import { useControlWaitsForScript } from '@fansite/ssr/browser';
import type { ComponentType, ReactNode } from 'react';
import styled from 'styled-components';
import type { IconProps } from '../../icons/icons.tsx';
import { UNAVAILABLE } from '../../theme/controls.ts';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colours.surface};
`;

const Button = styled.button<{ $pressed: boolean }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  /* A finger needs 44 px (WCAG 2.5.5). */
  min-width: 44px;
  min-height: 44px;
  padding: ${({ theme }) => theme.space[2]};
  border: 0;
  border-radius: 50%;
  background: ${({ theme, $pressed }) => ($pressed ? theme.colours.primary : 'transparent')};
  color: ${({ theme, $pressed }) => ($pressed ? theme.colours.onPrimary : theme.colours.text)};
  cursor: pointer;
  transition:
    background 0.2s,
    filter 0.2s;

  /* A toggle that is on keeps its fill and a dot under the pointer too: hovering never makes an
     off toggle look on, nor an on one look off. */
  ${({ $pressed, theme }) =>
    $pressed &&
    `
    &::after {
      content: '';
      position: absolute;
      bottom: 2px;
      left: 50%;
      width: 4px;
      height: 4px;
      margin-left: -2px;
      border-radius: 50%;
      background: ${theme.colours.onPrimary};
    }
  `}

  &:hover:not(:disabled) {
    background: ${({ theme, $pressed }) =>
      $pressed ? theme.colours.primary : 'rgba(255, 255, 255, 0.14)'};
    filter: ${({ $pressed }) => ($pressed ? 'brightness(1.15)' : 'none')};
  }

  /* Unavailable; not while it only waits for the page's first script (a blink). */
  ${UNAVAILABLE} {
    opacity: 0.4;
    cursor: default;
  }
`;

export interface ActionBarProps {
  /** Names the group of actions for assistive technology. */
  label: string;
  children: ReactNode;
}

/** A row of icon actions about one thing, e.g. the song playing. */
export function ActionBar({ label, children }: ActionBarProps) {
  return (
    <Toolbar role="toolbar" aria-label={label}>
      {children}
    </Toolbar>
  );
}

export interface ActionButtonProps {
  /** The action's name, read out and shown as a tooltip. */
  label: string;
  icon: ComponentType<IconProps>;
  onClick: () => void;
  /** For toggles (shuffle, repeat): whether it is on. Leave out for plain actions. */
  pressed?: boolean;
  disabled?: boolean;
}

/** An icon-only button of an ActionBar; a toggle when `pressed` is given. */
export function ActionButton({ label, icon: Icon, onClick, pressed, disabled }: ActionButtonProps) {
  // Every action needs the app: disabled until the page keeps presses for it, so that one made
  // before the app's first script has run is not lost.
  const pressKept = useControlWaitsForScript(disabled);
  return (
    <Button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      $pressed={pressed === true}
      onClick={onClick}
      {...pressKept}
    >
      <Icon />
    </Button>
  );
}
