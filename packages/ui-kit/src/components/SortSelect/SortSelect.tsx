import { useControlWaitsForScript } from '@fansite/ssr/browser';
import { useId } from 'react';
import styled from 'styled-components';
import { WAITING_FOR_SCRIPT } from '../../theme/controls.ts';

const Wrapper = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Label = styled.label`
  color: ${({ theme }) => theme.colours.mutedText};
  font-size: 0.9rem;
`;

const Select = styled.select`
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colours.border};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colours.surface};
  color: ${({ theme }) => theme.colours.text};

  /* Disabled only until the page's script keeps a choice: drawn as usual meanwhile. */
  ${WAITING_FOR_SCRIPT} {
    opacity: 1;
  }
`;

export interface SortOption<Value extends string> {
  value: Value;
  label: string;
}

export interface SortSelectProps<Value extends string> {
  label: string;
  value: Value;
  options: readonly SortOption<Value>[];
  onChange: (value: Value) => void;
}

/**
 * A labelled select of sort orders; it only ever reports one of its own option values. Disabled
 * in the server's HTML until the page keeps a choice (`useControlWaitsForScript`).
 */
export function SortSelect<Value extends string>({
  label,
  value,
  options,
  onChange,
}: SortSelectProps<Value>) {
  const id = useId();
  // A choice made before the page's script listens would show and never be acted on.
  const choiceKept = useControlWaitsForScript();
  return (
    <Wrapper>
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        value={value}
        {...choiceKept}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Wrapper>
  );
}
