import { siteUrl } from '@fansite/brand-config';
import { Navbar, NavbarButton, NavbarLink } from '@fansite/ui-kit';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';
import { useRandomSong } from '../../lib/useRandomSong.ts';
import { AccountMenu } from './AccountMenu.tsx';

export interface SiteNavbarProps {
  /** Transparent over the page top until scrolled, as on the home page. */
  overlay: boolean;
}

/** docs/product.md, screens, navigation bar. */
export function SiteNavbar({ overlay }: SiteNavbarProps) {
  const { brand } = useAppContext();
  const navigate = useNavigate();
  const { playRandomSong, isPending } = useRandomSong();
  // The radio is the fm. site of the same brand, on the host and port this page came from (the
  // router's origin: the browser's, or the request's when rendered on the server).
  const page = new URL(useRouter().origin);
  const radioUrl = siteUrl(page.host, 'fm', page.protocol);

  return (
    <Navbar
      siteName={brand.siteName}
      logoSrc={brand.logoUrl}
      homeHref={paths.home}
      overlay={overlay}
      onSearch={(text) => navigate({ href: paths.search(text) })}
    >
      <NavbarLink href={paths.playlists}>Playlists</NavbarLink>
      <NavbarButton onClick={playRandomSong} disabled={isPending}>
        Random Song
      </NavbarButton>
      <NavbarLink href={radioUrl}>Radio</NavbarLink>
      <NavbarLink href={paths.network}>Network</NavbarLink>
      <NavbarLink href={brand.subscriptionsUrl} target="_blank">
        Subscriptions
      </NavbarLink>
      <AccountMenu />
    </Navbar>
  );
}
