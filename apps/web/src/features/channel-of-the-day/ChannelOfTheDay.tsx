import { Anchor } from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { useAppContext } from '../../lib/useAppContext.ts';

const Box = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => `${theme.space[6]} 0`};
  padding: ${({ theme }) => theme.space[4]};
  border-left: 4px solid ${({ theme }) => theme.colours.accent};
  background: ${({ theme }) => theme.colours.surface};

  h2 {
    margin: 0;
    font-size: 1.1rem;
  }

  /* A tap target of at least 44 px on phones, the line's text centred in it. */
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    color: ${({ theme }) => theme.colours.accent};
    overflow-wrap: anywhere;
  }
`;

/**
 * A subscriber's channel, featured for the day (the promotion calendar decides whose). Nothing is
 * shown on a day without one, or when the call fails: it is a bonus, never in the way.
 */
export function ChannelOfTheDay() {
  const { queries } = useAppContext();
  const today = useQuery({ ...queries.promotion.today({}), staleTime: 10 * 60_000 });
  if (!today.data) return null;
  return (
    <Box aria-labelledby="channel-of-the-day">
      <h2 id="channel-of-the-day">Channel of the day</h2>
      <Anchor href={today.data.youtube_channel} target="_blank" rel="noopener noreferrer">
        {today.data.youtube_channel.replace(/^https?:\/\/(www\.)?/, '')}
      </Anchor>
    </Box>
  );
}
