import { Banner, Container, Link } from '@fansite/ui-kit';
import styled from 'styled-components';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';

const Policy = styled.article`
  max-width: 75ch;
  margin: 0 auto;
  line-height: 1.6;

  h2 {
    margin-top: ${({ theme }) => theme.space[6]};
  }

  a {
    color: ${({ theme }) => theme.colours.accent};
  }
`;

/**
 * docs/product.md, screens, /privacy: consent, data collected, its use, logs, cookies, ad cookies,
 * third-party policies, CCPA and GDPR rights (answered within one month) and children under 13.
 */
export function PrivacyPage() {
  const { brand } = useAppContext();
  const site = brand.siteName;
  return (
    <>
      <DocumentTitle page="Privacy Policy" />
      <Banner title="Privacy Policy" />
      <Container>
        <Policy>
          <p>
            Your privacy matters to {site}. This policy explains what information we collect when
            you use this website, and how we use it.
          </p>

          <h2>Consent</h2>
          <p>By using our website, you consent to this privacy policy and agree to its terms.</p>

          <h2>Information we collect</h2>
          <p>
            When you create an account we ask for your email address. When you contact us we ask for
            your email address, your Discord name, your YouTube channel and your message. If you
            link your Discord account we keep its display name and id. Subscribers who set up their
            website give us the texts and links they publish on it.
          </p>

          <h2>How we use your information</h2>
          <p>We use the information we collect to:</p>
          <ul>
            <li>provide, operate and maintain the website;</li>
            <li>keep your favourites and your account settings;</li>
            <li>answer your requests and messages;</li>
            <li>improve the website and understand how it is used;</li>
            <li>find and prevent fraud and abuse.</li>
          </ul>

          <h2>Log files</h2>
          <p>
            Like most websites, our servers keep log files of visits: internet protocol (IP)
            addresses, browser type, date and time, and the pages visited. They are not linked to
            information that identifies you, and serve to analyse trends and run the site.
          </p>

          <h2>Cookies</h2>
          <p>
            We use cookies and similar browser storage to keep you signed in and to remember your
            preferences. You can turn cookies off in your browser settings; some features may then
            stop working.
          </p>

          <h2>Advertising cookies</h2>
          <p>
            Some pages show ads. Advertising partners such as Google may use cookies (including the
            DoubleClick cookie) to show ads based on your visits to this and other websites. You can
            opt out of personalised ads in Google’s ad settings.
          </p>

          <h2>Third-party privacy policies</h2>
          <p>
            This privacy policy does not apply to other advertisers or websites. Songs play from
            YouTube, and the community chat is hosted by Discord: please read their privacy policies
            for how they handle your data.
          </p>

          <h2>Your CCPA rights</h2>
          <p>
            Under the California Consumer Privacy Act (CCPA), California consumers may ask us to
            disclose the personal data we collected about them, to delete it, and not to sell it. If
            you make a request, we have one month to respond to you.
          </p>

          <h2>Your GDPR rights</h2>
          <p>
            Under the General Data Protection Regulation (GDPR), you have the right to access,
            correct and erase your personal data, to restrict or object to its processing, and to
            data portability. If you make a request, we have one month to respond to you.
          </p>

          <h2>Children’s information</h2>
          <p>
            {site} does not knowingly collect any personal information from children under the age
            of 13. If you think that your child gave us such information, please contact us and we
            will remove it from our records promptly.
          </p>

          <h2>Contact us</h2>
          <p>
            For any question about this policy, or to exercise your rights,{' '}
            <Link href={paths.contactAbout('other')}>get in touch</Link>.
          </p>
        </Policy>
      </Container>
    </>
  );
}
