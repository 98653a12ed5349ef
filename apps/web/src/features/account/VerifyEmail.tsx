import { useAuth } from '@fansite/auth';
import { Container, Link, Spinner } from '@fansite/ui-kit';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { StatusMessage } from '../../lib/StatusMessage.tsx';
import { paths } from '../../lib/paths.ts';

const Card = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 440px;
  margin: ${({ theme }) => `${theme.space[7]} auto`};
  padding: ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.colours.surface};

  h1 {
    margin: 0;
    font-size: 1.5rem;
  }

  p {
    margin: 0;
  }
`;

const EMAIL_VERIFIED =
  'Your email address is verified. A Patreon membership under this address is now yours.';
const VERIFY_LINK_INVALID =
  'This verification link is incomplete, has expired or was already used. Sign in and send a new one from your account page.';

export interface VerifyEmailProps {
  /** The code of the emailed verification link. */
  oobCode: string;
}

/**
 * Where the identity service's verification email leads: the code is applied, and the signed-in
 * person's token renewed so the server sees the verified email at once.
 */
export function VerifyEmail({ oobCode }: VerifyEmailProps) {
  const { service, ready } = useAuth();
  // A query, not an effect: the code works once, and the query runs it once however often the
  // page renders. It waits for the saved session, so the token renewed after is that person's.
  const applied = useQuery({
    queryKey: ['email-verification', oobCode],
    queryFn: async () => {
      await service.applyEmailVerification(oobCode);
      return true;
    },
    enabled: oobCode !== '' && ready,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  let body;
  if (oobCode === '' || applied.isError) {
    body = <StatusMessage tone="error">{VERIFY_LINK_INVALID}</StatusMessage>;
  } else if (applied.isSuccess) {
    body = <StatusMessage tone="success">{EMAIL_VERIFIED}</StatusMessage>;
  } else {
    body = <Spinner label="Verifying your email address" />;
  }
  return (
    <Container>
      <Card aria-labelledby="verify-email-title">
        <h1 id="verify-email-title">Verify your email</h1>
        {body}
        <p>
          <Link href={paths.account}>Go to your account</Link>
        </p>
      </Card>
    </Container>
  );
}
