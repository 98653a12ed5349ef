import { CoverImage } from '@fansite/ui-kit';
import styled from 'styled-components';
import { PictureFrame } from './layout.tsx';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  background: ${({ theme }) => theme.colours.navbar};
  color: ${({ theme }) => theme.colours.text};
`;

const Inner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  max-width: ${({ theme }) => theme.layout.maxWidth};
  min-height: ${({ theme }) => theme.layout.navbarHeight};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[5]}`};

  @media ${({ theme }) => theme.media.narrow} {
    justify-content: center;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  }
`;

const Name = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
  color: inherit;
  font-weight: 700;
  text-decoration: none;
`;

const Avatar = styled(PictureFrame)`
  flex: none;
  width: 36px;
  height: 36px;
`;

const Anchors = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: block;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border-radius: ${({ theme }) => theme.radii.pill};
    color: inherit;
    text-decoration: none;
    white-space: nowrap;
  }

  a:hover,
  a:focus-visible {
    background: ${({ theme }) => theme.colours.surface};
  }

  @media ${({ theme }) => theme.media.narrow} {
    a {
      padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
      font-size: 0.9rem;
    }
  }
`;

/** The sections the landing-style navigation bar leads to, in page order. */
const SITE_SECTIONS = [
  { id: 'new-songs', label: 'New songs' },
  { id: 'support', label: 'Support me' },
  { id: 'more', label: 'More' },
  { id: 'about', label: 'About me' },
] as const;

export function SiteNavbar({ name, picture }: { name: string; picture: string }) {
  return (
    <Bar>
      <Inner>
        <Name href="#top">
          {picture && (
            <Avatar data-round="">
              <CoverImage src={picture} />
            </Avatar>
          )}
          {name}
        </Name>
        <nav aria-label="Sections">
          <Anchors>
            {SITE_SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.label}</a>
              </li>
            ))}
          </Anchors>
        </nav>
      </Inner>
    </Bar>
  );
}
