import { Button, ButtonLink } from '@fansite/ui-kit';
import styled from 'styled-components';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';
import { useRandomSong } from '../../lib/useRandomSong.ts';

// The navbar lies over the hero, so the hero starts with room for it.
const Section = styled.section`
  padding: ${({ theme }) =>
    `calc(${theme.layout.navbarHeight} + ${theme.space[8]}) ${theme.space[4]} ${theme.space[8]}`};
  background:
    radial-gradient(circle at 20% 20%, ${({ theme }) => theme.colours.accent}55, transparent 55%),
    linear-gradient(
      160deg,
      ${({ theme }) => theme.colours.primary},
      ${({ theme }) => theme.colours.background} 85%
    );
  text-align: center;
`;

const Title = styled.h1`
  max-width: 20ch;
  margin: 0 auto;
  font-size: clamp(2rem, 6vw, 3.5rem);
  line-height: 1.1;
`;

const Subtitle = styled.p`
  max-width: 60ch;
  margin: ${({ theme }) => `${theme.space[4]} auto ${theme.space[6]}`};
  font-size: 1.15rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
`;

/** docs/product.md, screens, home hero: the brand's title and subtitle and the ways into the music. */
export function Hero() {
  const { brand } = useAppContext();
  const { playRandomSong, isPending } = useRandomSong();
  return (
    <Section>
      <Title>{brand.hero.title}</Title>
      <Subtitle>{brand.hero.subtitle}</Subtitle>
      <Actions>
        <ButtonLink href={brand.whatIs.path} variant="secondary">
          {brand.whatIs.linkLabel}
        </ButtonLink>
        <Button onClick={playRandomSong} disabled={isPending}>
          Random song
        </Button>
        <ButtonLink href={paths.playlists} variant="secondary">
          More music
        </ButtonLink>
      </Actions>
    </Section>
  );
}
