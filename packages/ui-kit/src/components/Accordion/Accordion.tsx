import { useControlWaitsForScript } from '@fansite/ssr/browser';
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';

const List = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const Item = styled.div`
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.surface};
`;

const Heading = styled.h3`
  margin: 0;
  font-size: 1rem;
`;

const Toggle = styled.button`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  width: 100%;
  padding: ${({ theme }) => theme.space[4]};
  border: 0;
  background: transparent;
  color: inherit;
  font: inherit;
  font-weight: 600;
  text-align: left;
  cursor: pointer;

  &::after {
    content: '+';
    font-size: 1.25rem;
  }

  &[aria-expanded='true']::after {
    content: '−';
  }
`;

const Panel = styled.div`
  padding: 0 ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colours.mutedText};
`;

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /**
   * The open item's id (null: all closed). Give it with `onOpenChange` to share one open item
   * between several accordions; leave both out and the accordion keeps its own.
   */
  openId?: string | null;
  onOpenChange?: (openId: string | null) => void;
}

/** Questions and answers of which one at most is open: opening one closes the other. */
export function Accordion({ items, openId, onOpenChange }: AccordionProps) {
  const [ownOpenId, setOwnOpenId] = useState<string | null>(null);
  const currentId = openId === undefined ? ownOpenId : openId;
  const setOpenId = onOpenChange ?? setOwnOpenId;
  const baseId = useId();
  // A toggle does nothing without the app: disabled until the page keeps presses for it.
  const pressKept = useControlWaitsForScript();
  return (
    <List>
      {items.map((item) => {
        const open = item.id === currentId;
        const panelId = `${baseId}-${item.id}-panel`;
        const toggleId = `${baseId}-${item.id}-toggle`;
        return (
          <Item key={item.id}>
            <Heading>
              <Toggle
                type="button"
                id={toggleId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                {...pressKept}
              >
                {item.title}
              </Toggle>
            </Heading>
            <Panel id={panelId} role="region" aria-labelledby={toggleId} hidden={!open}>
              {item.content}
            </Panel>
          </Item>
        );
      })}
    </List>
  );
}
