import { ButtonLink, Container } from '@fansite/ui-kit';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useAppContext } from '../../lib/useAppContext.ts';

const Section = styled.section`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(320px, 100%), 1fr));
  gap: ${({ theme }) => theme.space[6]};
  align-items: center;
  margin-top: ${({ theme }) => theme.space[8]};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space[3]};
  }

  p {
    color: ${({ theme }) => theme.colours.mutedText};
  }
`;

const WidgetFrame = styled.div`
  height: 400px;
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.colours.surface};

  iframe {
    width: 100%;
    height: 100%;
    border: 0;
    border-radius: inherit;
  }
`;

/**
 * The home page's community chat section. Discord's widget is a heavy third-party frame, so it is
 * mounted only once the section scrolls into view.
 */
export function CommunityChat() {
  const { brand } = useAppContext();
  const sectionRef = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const section = sectionRef.current;
    if (!section || visible) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    });
    observer.observe(section);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <Container>
      <Section ref={sectionRef} aria-labelledby="community-chat">
        <div>
          <h2 id="community-chat">Community chat</h2>
          <p>Say hello, request songs, share your remixes and meet the creators, live.</p>
          <ButtonLink href={brand.social.discord} target="_blank">
            Join the chat
          </ButtonLink>
        </div>
        <WidgetFrame>
          {visible && (
            <iframe
              src={brand.discordWidgetUrl}
              title="Community chat"
              loading="lazy"
              sandbox="allow-popups allow-popups-to-escape-sandbox allow-same-origin allow-scripts"
            />
          )}
        </WidgetFrame>
      </Section>
    </Container>
  );
}
