import type { ReactNode } from 'react';
import styled from 'styled-components';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteNavbar } from './SiteNavbar.tsx';
import { useAppContext } from '../../lib/useAppContext.ts';

// The navbar is fixed: pages start below it, except those it lies over. A page fills at least the
// screen, so the footer starts below the fold and does not jump down as the page's data arrives.
const Main = styled.main<{ $belowNavbar: boolean }>`
  box-sizing: border-box;
  min-height: 100vh;
  padding-top: ${({ theme, $belowNavbar }) => ($belowNavbar ? theme.layout.navbarHeight : '0')};
`;

export interface SiteLayoutProps {
  /** The page starts with a hero that the navbar lies over until scrolled. */
  navbarOverlay: boolean;
  children: ReactNode;
}

/** Every page of the main site: navbar, the page, footer. */
export function SiteLayout({ navbarOverlay, children }: SiteLayoutProps) {
  const { brand } = useAppContext();
  return (
    <>
      <link rel="icon" href={brand.logoUrl} />
      <SiteNavbar overlay={navbarOverlay} />
      <Main $belowNavbar={!navbarOverlay}>{children}</Main>
      <SiteFooter />
    </>
  );
}
