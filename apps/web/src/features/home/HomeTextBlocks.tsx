import { Container } from '@fansite/ui-kit';
import styled from 'styled-components';
import { useAppContext } from '../../lib/useAppContext.ts';
import { IntroVideo } from './IntroVideo.tsx';

const Blocks = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(320px, 100%), 1fr));
  gap: ${({ theme }) => theme.space[6]};
`;

const Block = styled.section`
  padding: ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.colours.surface};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space[3]};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colours.mutedText};
  }
`;

/** docs/product.md, screens, home: the brand's optional intro video, passion and community texts. */
export function HomeTextBlocks() {
  const { brand } = useAppContext();
  return (
    <Container>
      {brand.introVideoId && <IntroVideo videoId={brand.introVideoId} />}
      <Blocks>
        {[brand.passion, brand.community].map((block) => (
          <Block key={block.title}>
            <h2>{block.title}</h2>
            <p>{block.text}</p>
          </Block>
        ))}
      </Blocks>
    </Container>
  );
}
