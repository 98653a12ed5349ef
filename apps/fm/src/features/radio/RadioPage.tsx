import { siteUrl } from '@fansite/brand-config';
import { createYouTubeAdapter } from '@fansite/player/youtube';
import { RadioWidget } from '@fansite/radio-widget';
import { VisuallyHidden } from '@fansite/ui-kit';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import styled from 'styled-components';
import { radioTitle } from '../../ssr/head.ts';

const routeApi = getRouteApi('__root__');

const Page = styled.main`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  min-height: 100vh;
  align-content: start;
  padding: ${({ theme }) => `${theme.space[5]} ${theme.space[4]}`};
  background: ${({ theme }) => theme.colours.background};
`;

const Masthead = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  width: 100%;
  max-width: 960px;
  margin: 0 auto;

  a {
    display: inline-flex;
    align-items: center;
    /* A finger needs 44 px (WCAG 2.5.5). */
    min-height: 44px;
    gap: ${({ theme }) => theme.space[3]};
    color: ${({ theme }) => theme.colours.text};
    font-weight: 700;
    text-decoration: none;
  }

  img {
    width: 40px;
    height: 40px;
  }
`;

/** The fm site: the brand's radio, with a way back to the main site. */
export function RadioPage() {
  const { brand, radio, origin } = routeApi.useRouteContext();
  const { host, protocol } = new URL(origin);
  const mainSite = siteUrl(host, 'www', protocol);

  useEffect(() => {
    document.title = radioTitle(brand);
  }, [brand]);

  return (
    <Page>
      <Masthead>
        <a href={mainSite}>
          <img src={brand.logoUrl} alt="" />
          {brand.siteName}
        </a>
      </Masthead>
      {/* The page's title for those who move by headings; the widget's own heading follows. */}
      <VisuallyHidden as="h1">{`${brand.siteName} Radio, live`}</VisuallyHidden>
      <RadioWidget
        radio={radio}
        createAdapter={createYouTubeAdapter}
        shareUrl={origin}
        title={`${brand.siteName} Radio`}
      />
    </Page>
  );
}
