import type { MemberStats } from '@fansite/contract';
import { formatCount } from '@fansite/ui-kit';
import styled from 'styled-components';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(180px, 100%), 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  text-align: center;
`;

const Figure = styled.div`
  padding: ${({ theme }) => theme.space[5]};
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.colours.surface};

  dt {
    color: ${({ theme }) => theme.colours.mutedText};
  }

  dd {
    margin: 0;
    font-size: 2rem;
    font-weight: 800;
  }
`;

/** The network's live totals; zeros while they load or when the call fails. */
export function NetworkStats({ stats }: { stats: MemberStats | undefined }) {
  const figures = [
    { label: 'Members', value: stats?.members ?? 0 },
    { label: 'Subscribers', value: stats?.subs ?? 0 },
    { label: 'Views', value: stats?.views ?? 0 },
  ];
  return (
    <Figures aria-label="Network stats">
      {figures.map(({ label, value }) => (
        <Figure key={label}>
          <dt>{label}</dt>
          <dd>{formatCount(value)}</dd>
        </Figure>
      ))}
    </Figures>
  );
}
