import type { ComponentType } from 'react';
import styled from 'styled-components';
import { useScrolledPast } from '../../hooks/useScrolledPast.ts';
import {
  ArrowUpIcon,
  CameraIcon,
  ChatIcon,
  HeartIcon,
  MusicNoteIcon,
  XIcon,
  type IconProps,
} from '../../icons/icons.tsx';
import { Link } from '../../link/Link.tsx';

/** The brand's social addresses (brand-config's `social`); an empty one is left out. */
export interface SocialLinks {
  discord: string;
  instagram: string;
  x: string;
  tiktok: string;
  donation: string;
}

const socialNetworks: ReadonlyArray<{
  key: keyof SocialLinks;
  label: string;
  Icon: ComponentType<IconProps>;
}> = [
  { key: 'discord', label: 'Discord', Icon: ChatIcon },
  { key: 'instagram', label: 'Instagram', Icon: CameraIcon },
  { key: 'x', label: 'X', Icon: XIcon },
  { key: 'tiktok', label: 'TikTok', Icon: MusicNoteIcon },
  { key: 'donation', label: 'Donate', Icon: HeartIcon },
];

/** docs/product.md, constants: the scroll-to-top button appears once the page is scrolled past 100 px. */
const SCROLL_TO_TOP_OFFSET = 100;

const Wrapper = styled.footer`
  margin-top: ${({ theme }) => theme.space[8]};
  padding: ${({ theme }) => `${theme.space[7]} ${theme.space[4]}`};
  background: ${({ theme }) => theme.colours.surface};
  color: ${({ theme }) => theme.colours.mutedText};
  text-align: center;
`;

const Row = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[5]}`};
  margin: 0 0 ${({ theme }) => theme.space[5]};
  padding: 0;
  list-style: none;
`;

const SocialLink = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  /* A finger needs 44 px (WCAG 2.5.5). */
  min-width: 44px;
  min-height: 44px;
  padding: ${({ theme }) => theme.space[2]};
  border-radius: 50%;
  background: ${({ theme }) => theme.colours.background};
  color: ${({ theme }) => theme.colours.text};

  &:hover {
    color: ${({ theme }) => theme.colours.accent};
  }
`;

const PageLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  color: ${({ theme }) => theme.colours.text};
  text-decoration: none;

  &:hover {
    color: ${({ theme }) => theme.colours.accent};
  }
`;

const Copyright = styled.p`
  margin: 0;
  font-size: 0.875rem;
`;

const ScrollToTop = styled.button`
  position: fixed;
  right: ${({ theme }) => theme.space[5]};
  /* Above the app's player bar and mini-player when they show (they set the variable). */
  bottom: calc(${({ theme }) => theme.space[5]} + var(--player-bar-offset, 0px));
  z-index: 10;
  display: inline-flex;
  padding: ${({ theme }) => theme.space[3]};
  border: 0;
  border-radius: 50%;
  background: ${({ theme }) => theme.colours.primary};
  color: ${({ theme }) => theme.colours.onPrimary};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colours.accent};
  }
`;

export interface FooterLink {
  label: string;
  href: string;
}

export interface FooterProps {
  siteName: string;
  social: SocialLinks;
  links: readonly FooterLink[];
  /** The copyright year; the current year unless given (stories and tests pin it). */
  year?: number;
}

/** The site's footer: social icons, page links, the copyright line and a scroll-to-top button. */
export function Footer({ siteName, social, links, year = new Date().getFullYear() }: FooterProps) {
  const showScrollToTop = useScrolledPast(SCROLL_TO_TOP_OFFSET);
  return (
    <Wrapper>
      <Row aria-label="Social media">
        {socialNetworks
          .filter(({ key }) => social[key])
          .map(({ key, label, Icon }) => (
            <li key={key}>
              <SocialLink
                href={social[key]}
                aria-label={label}
                target="_blank"
                rel="noopener noreferrer"
              >
                <Icon />
              </SocialLink>
            </li>
          ))}
      </Row>
      <nav aria-label="Footer">
        <Row>
          {links.map((link) => (
            <li key={link.href}>
              <PageLink href={link.href}>{link.label}</PageLink>
            </li>
          ))}
        </Row>
      </nav>
      <Copyright>
        Copyright © {year} {siteName}
      </Copyright>
      {showScrollToTop && (
        <ScrollToTop
          type="button"
          aria-label="Scroll to top"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <ArrowUpIcon />
        </ScrollToTop>
      )}
    </Wrapper>
  );
}
