import { createYouTubeAdapter } from '@fansite/player/youtube';
import { CoverImage, Footer, LinkifiedText, Spinner } from '@fansite/ui-kit';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import styled from 'styled-components';
import { Muted, PictureFrame, Section, SectionTitle } from './layout.tsx';
import { MoreSection } from './MoreSection.tsx';
import { NewSongs } from './NewSongs.tsx';
import { SiteNavbar } from './SiteNavbar.tsx';
import { SupportSection } from './SupportSection.tsx';

const routeApi = getRouteApi('/');

const Page = styled.div`
  min-height: 100vh;
  overflow-x: clip;
  background: ${({ theme }) => theme.colours.background};
  color: ${({ theme }) => theme.colours.text};
`;

const Hero = styled.header<{ $banner: string }>`
  display: grid;
  place-items: center;
  min-height: clamp(260px, 42vw, 460px);
  padding: ${({ theme }) => `${theme.space[7]} ${theme.space[5]}`};
  background:
    linear-gradient(rgba(0, 0, 0, 0.35), ${({ theme }) => theme.colours.background}),
    ${({ $banner, theme }) =>
      $banner
        ? `center / cover no-repeat url("${$banner}")`
        : `linear-gradient(135deg, ${theme.colours.primary}, ${theme.colours.accent})`};
  text-align: center;

  h1 {
    margin: ${({ theme }) => `${theme.space[4]} 0 ${theme.space[2]}`};
    font-size: clamp(2rem, 6vw, 3.5rem);
    overflow-wrap: anywhere;
    text-shadow: 0 2px 12px rgba(0, 0, 0, 0.6);
  }

  p {
    margin: 0;
    font-size: clamp(1rem, 2.4vw, 1.3rem);
    text-shadow: 0 2px 8px rgba(0, 0, 0, 0.6);
  }
`;

const Portrait = styled(PictureFrame)`
  width: 112px;
  height: 112px;
  margin: 0 auto;
  border: 3px solid ${({ theme }) => theme.colours.text};
`;

/** A banner address is put into CSS: only a plain web address, with nothing that could end it. */
const safeBanner = (url: string) => (/^https?:\/\/[^"'()\\\s]+$/i.test(url) ? url : '');

/** The subscriber's site (the spec's sub-domain root): everything on one page. */
export function SitePage() {
  const { brand, domainName, queries, radio, radioUrl, mainSiteUrl } = routeApi.useRouteContext();
  const { data: info } = useSuspenseQuery(queries.subscriber.info({ domain_name: domainName }));
  const site = info.data;

  useEffect(() => {
    document.title = site.name;
  }, [site.name]);

  return (
    <Page id="top">
      <SiteNavbar name={site.name} picture={info.profile_pic} />
      <main>
        <Hero $banner={safeBanner(site.banner_url)}>
          <div>
            {info.profile_pic && (
              <Portrait data-round="">
                <CoverImage src={info.profile_pic} />
              </Portrait>
            )}
            <h1>{site.name}</h1>
            {site.subtitle && <p>{site.subtitle}</p>}
          </div>
        </Hero>
        <NewSongs videos={info.videos} createAdapter={createYouTubeAdapter} />
        <SupportSection site={site} />
        <MoreSection
          playlists={info.playlists}
          mainSiteUrl={mainSiteUrl}
          radio={radio}
          radioUrl={radioUrl}
          radioTitle={`${brand.siteName} Radio`}
          createAdapter={createYouTubeAdapter}
        />
        <Section id="about" aria-labelledby="about-title">
          <SectionTitle id="about-title">About me</SectionTitle>
          {site.about_me ? (
            <LinkifiedText text={site.about_me} />
          ) : (
            <Muted>Nothing here yet.</Muted>
          )}
        </Section>
      </main>
      <Footer
        siteName={site.name}
        social={brand.social}
        links={[
          { label: brand.siteName, href: mainSiteUrl },
          { label: 'Playlists', href: new URL('/playlists', mainSiteUrl).href },
          { label: 'Radio', href: radioUrl },
          { label: 'Network', href: new URL('/network', mainSiteUrl).href },
          { label: 'Privacy Policy', href: new URL('/privacy', mainSiteUrl).href },
        ]}
      />
    </Page>
  );
}

/** Shown for the moment between a failed site call and the main site loading. */
export function LeavingForMainSite() {
  return <Spinner label="Going to the main site" />;
}
