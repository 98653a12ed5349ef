import type { GridProps } from '@fansite/ui-kit';
import styled from 'styled-components';

/** One section of the page, under the navbar's anchors (scrolled to below the fixed bar). */
export const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[7]} ${theme.space[5]}`};
  scroll-margin-top: ${({ theme }) => theme.layout.navbarHeight};

  @media ${({ theme }) => theme.media.narrow} {
    padding: ${({ theme }) => `${theme.space[6]} ${theme.space[4]}`};
  }
`;

export const SectionTitle = styled.h2`
  margin: 0;
  font-size: clamp(1.4rem, 3vw, 2rem);
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colours.mutedText};
`;

/**
 * Where a picture goes: the brand gradient shows until it loads, or instead of it when it fails
 * (no broken-image icon), as on the main site.
 */
export const PictureFrame = styled.span`
  display: block;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) =>
    `linear-gradient(135deg, ${theme.colours.primary}, ${theme.colours.accent})`};

  &[data-round] {
    border-radius: 50%;
  }
`;

/** The spacing of the page's grids of pictures; a phone shows two to a row. */
export const siteGridColumns = {
  gap: 4,
  narrowColumns: 2,
  narrowGap: 3,
} satisfies Partial<GridProps>;
