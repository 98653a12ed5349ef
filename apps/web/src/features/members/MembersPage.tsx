import { errorMessage } from '@fansite/api-client';
import {
  Banner,
  ButtonLink,
  ChannelAvatarButton,
  ChannelDialog,
  Container,
  Grid,
  LoadError,
} from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';
import { allMembersInput } from './membersQuery.ts';

const Apply = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space[7]};
`;

/** docs/product.md, screens, /members: every member's avatar, with the member dialog. */
export function MembersPage() {
  const { queries } = useAppContext();
  const membersQuery = useQuery(queries.member.all(allMembersInput));
  const members = membersQuery.data ?? [];
  const [openMember, setOpenMember] = useState<number | null>(null);
  return (
    <>
      <DocumentTitle page="Members" />
      <Banner title="Members">Every channel of the creator network.</Banner>
      <Container>
        {membersQuery.isError && (
          <LoadError
            aria-label="Members"
            message={errorMessage(membersQuery.error)}
            onRetry={() => void membersQuery.refetch()}
          />
        )}
        <Grid aria-label="Members" minItemWidth="110px" gap={4}>
          {members.map((member, index) => (
            <ChannelAvatarButton
              key={member.channel_id}
              channel={member}
              size="88px"
              onOpen={() => setOpenMember(index)}
            />
          ))}
        </Grid>
        <Apply>
          <ButtonLink href={paths.contactAbout('apply-member')}>Apply now</ButtonLink>
        </Apply>
      </Container>
      {openMember !== null && (
        <ChannelDialog
          channels={members}
          index={openMember}
          onIndexChange={setOpenMember}
          onClose={() => setOpenMember(null)}
        />
      )}
    </>
  );
}
