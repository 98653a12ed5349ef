import { Container, Link } from '@fansite/ui-kit';
import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { paths } from '../../lib/paths.ts';

const Page = styled(Container)`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  padding-block: ${({ theme }) => theme.space[6]};
  min-width: 0;

  h1 {
    margin: 0;
  }
`;

const Tabs = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space[2]};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space[4]};
    border: 1px solid ${({ theme }) => theme.colours.border};
    border-radius: ${({ theme }) => theme.radii.pill};
    color: ${({ theme }) => theme.colours.text};
    font-weight: 600;
    text-decoration: none;
  }

  a[aria-current='page'] {
    background: ${({ theme }) => theme.colours.primary};
    color: ${({ theme }) => theme.colours.onPrimary};
  }
`;

const TABS = [
  { href: paths.staffInbox, label: 'Inbox' },
  { href: paths.staffMusic, label: 'Music' },
  { href: paths.staffNews, label: 'News' },
  { href: paths.staffNetwork, label: 'Network' },
  { href: paths.staffLog, label: 'Log' },
];

/** The team's pages: their tabs, and the page. */
export function StaffLayout({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Page>
      <h1>Team</h1>
      <Tabs aria-label="Team pages">
        <ul>
          {TABS.map((tab) => (
            <li key={tab.href}>
              <Link href={tab.href} aria-current={pathname === tab.href ? 'page' : undefined}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </Tabs>
      {children}
    </Page>
  );
}
