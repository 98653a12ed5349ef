import styled, { css } from 'styled-components';

/** The surface every card sits on, stretched to the height of its grid row. */
export const cardSurface = css`
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.surface};
`;

/** Applied to a card's link: its picture zooms in slightly under the pointer. */
export const zoomPictureOnHover = css`
  text-decoration: none;

  &:hover img {
    transform: scale(1.04);
  }
`;

/** The 16:9 frame of a card's picture; its gradient shows until, or unless, the picture loads. */
export const MediaFrame = styled.div`
  aspect-ratio: 16 / 9;
  overflow: hidden;
  background: ${({ theme }) =>
    `linear-gradient(135deg, ${theme.colours.primary}, ${theme.colours.accent})`};
`;
