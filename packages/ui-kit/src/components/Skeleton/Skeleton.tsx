import styled, { keyframes } from 'styled-components';
import { GridList } from '../Grid/Grid.tsx';

const shimmer = keyframes`
  from { opacity: 0.55; }
  to { opacity: 1; }
`;

/** A grey block standing in for text or a picture while it loads. */
const Block = styled.span<{ $width?: string; $height?: string }>`
  display: block;
  width: ${({ $width }) => $width ?? '100%'};
  height: ${({ $height }) => $height ?? '1em'};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colours.border};
  animation: ${shimmer} 0.9s ease-in-out infinite alternate;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Picture = styled(Block)`
  aspect-ratio: 16 / 9;
  height: auto;
`;

const Card = styled.li`
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.surface};
`;

const CardText = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[3]};
`;

const Rows = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li<{ $compact: boolean }>`
  display: flex;
  gap: ${({ theme }) => theme.space[4]};
  align-items: center;
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.surface};

  > :first-child {
    flex: none;
    width: ${({ $compact }) => ($compact ? '96px' : '160px')};
  }

  @media ${({ theme }) => theme.media.narrow} {
    > :first-child {
      width: 96px;
    }
  }
`;

const RowText = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

interface SkeletonProps {
  /** How many placeholders; about a screenful. */
  count?: number;
  /** Read out instead of the placeholders, e.g. "Loading songs". */
  label?: string;
}

export interface CardGridSkeletonProps extends SkeletonProps {
  /** The grid's column width, as the grid it stands in for has it. */
  minItemWidth?: string;
}

/** Cards that are not there yet: a grid of pictures with two lines of text each. */
export function CardGridSkeleton({
  count = 8,
  label = 'Loading',
  minItemWidth = '220px',
}: CardGridSkeletonProps) {
  return (
    <GridList role="status" aria-label={label} aria-busy="true" $minItemWidth={minItemWidth}>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} aria-hidden="true">
          <Picture />
          <CardText>
            <Block $width="80%" />
            <Block $width="50%" $height="0.8em" />
          </CardText>
        </Card>
      ))}
    </GridList>
  );
}

export interface RowListSkeletonProps extends SkeletonProps {
  /** Small thumbnails, as in a phone's playlist. */
  compact?: boolean;
}

/** Song rows that are not there yet: a thumbnail and three lines of text each. */
export function RowListSkeleton({
  count = 6,
  label = 'Loading',
  compact = false,
}: RowListSkeletonProps) {
  return (
    <Rows role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <Row key={index} aria-hidden="true" $compact={compact}>
          <Picture />
          <RowText>
            <Block $width="70%" />
            <Block $width="40%" $height="0.8em" />
            {!compact && <Block $width="55%" $height="1.4em" />}
          </RowText>
        </Row>
      ))}
    </Rows>
  );
}
