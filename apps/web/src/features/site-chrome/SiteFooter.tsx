import { Footer } from '@fansite/ui-kit';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';

/** docs/product.md, screens, footer: the brand's social links and the site's information pages. */
export function SiteFooter() {
  const { brand } = useAppContext();
  return (
    <Footer
      siteName={brand.siteName}
      social={brand.social}
      links={[
        { label: 'Playlists', href: paths.playlists },
        { label: brand.whatIs.linkLabel, href: brand.whatIs.path },
        { label: 'Network', href: paths.network },
        { label: 'Privacy Policy', href: paths.privacy },
        { label: 'FAQ', href: paths.faq },
        { label: 'Contact Us', href: paths.contact },
      ]}
    />
  );
}
