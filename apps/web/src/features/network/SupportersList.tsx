import { siteUrl } from '@fansite/brand-config';
import type { Supporter } from '@fansite/contract';
import { Avatar } from '@fansite/ui-kit';
import styled from 'styled-components';
import { useRouter } from '@tanstack/react-router';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0 0 ${({ theme }) => theme.space[5]};
  padding: 0;
  list-style: none;
`;

const SiteLink = styled.a`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colours.text};
  text-decoration: none;

  &:hover {
    color: ${({ theme }) => theme.colours.accent};
  }
`;

/** Supporters whose site is enabled, each leading to their sub-domain on the current host. */
export function SupportersList({ supporters }: { supporters: readonly Supporter[] }) {
  // The router's origin: the browser's, or the request's when rendered on the server.
  const { host, protocol } = new URL(useRouter().origin);
  return (
    <List aria-label="Supporters">
      {supporters.map((supporter) => (
        <li key={supporter.domain_name}>
          <SiteLink href={siteUrl(host, supporter.domain_name, protocol)}>
            <Avatar src={supporter.profile_pic} name={supporter.name} size="72px" decorative />
            <span>{supporter.name}</span>
          </SiteLink>
        </li>
      ))}
    </List>
  );
}
