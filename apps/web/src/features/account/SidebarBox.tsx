import styled from 'styled-components';

/** A box of the account sidebar under the menu (the Discord and Patreon links). */
export const SidebarBox = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colours.surface};

  h2 {
    margin: 0;
    font-size: 1rem;
  }

  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
