import { errorMessage } from '@fansite/api-client';
import {
  Banner,
  ButtonLink,
  Carousel,
  ChannelAvatarButton,
  ChannelDialog,
  Container,
  LoadError,
} from '@fansite/ui-kit';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { DocumentTitle } from '../../lib/DocumentTitle.tsx';
import { paths } from '../../lib/paths.ts';
import { useAppContext } from '../../lib/useAppContext.ts';
import { NetworkStats } from './NetworkStats.tsx';
import { SupportersList } from './SupportersList.tsx';
import { TestimonialCard } from './TestimonialCard.tsx';
import { networkQueries } from './networkQueries.ts';

/** docs/product.md, constants: the member carousel moves every 2 s, the testimonials every 5 s. */
const MEMBER_AUTOPLAY_MS = 2_000;
const TESTIMONIAL_AUTOPLAY_MS = 5_000;

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space[8]};
  text-align: center;

  > h2 {
    margin: 0 0 ${({ theme }) => theme.space[3]};
  }

  > p {
    max-width: 65ch;
    margin: 0 auto ${({ theme }) => theme.space[5]};
    color: ${({ theme }) => theme.colours.mutedText};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[5]};
`;

const Benefits = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(240px, 100%), 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
  text-align: left;

  li {
    padding: ${({ theme }) => theme.space[5]};
    border-radius: ${({ theme }) => theme.radii.large};
    background: ${({ theme }) => theme.colours.surface};
  }

  h3 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colours.mutedText};
  }
`;

const benefits = [
  {
    title: 'Promotion',
    text: 'Your uploads are shared on the site, in our playlists and in the community chat.',
  },
  {
    title: 'Feedback',
    text: 'Members review each other’s work and help every remix sound its best.',
  },
  {
    title: 'Collaborations',
    text: 'Meet other creators, make songs together and reach each other’s listeners.',
  },
  {
    title: 'Even more as a subscriber',
    text: 'Subscribe to get your own website, extra channel promotion and custom channel artwork.',
  },
];

/** docs/product.md, screens, /network: the creator network, its members, supporters and how to join. */
export function NetworkPage() {
  const { brand, queries } = useAppContext();
  // A list that fails to load says so with a Retry where it would be; the rest of the page shows.
  const { data: stats } = useQuery(networkQueries.stats(queries));
  const membersQuery = useQuery(networkQueries.members(queries));
  const supportersQuery = useQuery(networkQueries.supporters(queries));
  const testimonialsQuery = useQuery(networkQueries.testimonials(queries));
  const members = membersQuery.data ?? [];
  const supporters = supportersQuery.data ?? [];
  const testimonials = testimonialsQuery.data ?? [];
  const [openMember, setOpenMember] = useState<number | null>(null);
  const applyAsMember = (
    <ButtonLink href={paths.contactAbout('apply-member')}>Apply now</ButtonLink>
  );

  return (
    <>
      <DocumentTitle page="Network" />
      <Banner title={`${brand.siteName} Network`}>
        A network of YouTube creators who grow together: promotion, feedback and collaborations.
      </Banner>
      <Container>
        <NetworkStats stats={stats} />

        <Section aria-labelledby="network-members">
          <h2 id="network-members">Our members</h2>
          <ListFailure query={membersQuery} label="Network members" />
          <Carousel
            label="Network members"
            items={members}
            getKey={(member) => member.channel_id}
            renderSlide={(member, index) => (
              <ChannelAvatarButton channel={member} onOpen={() => setOpenMember(index)} />
            )}
            autoplayMs={MEMBER_AUTOPLAY_MS}
            slidesPerView={{ min: 3, max: 12 }}
            slideWidth="96px"
          />
          <Actions>
            {applyAsMember}
            <ButtonLink href={paths.members} variant="secondary">
              See all members
            </ButtonLink>
          </Actions>
        </Section>

        <Section aria-labelledby="network-supporters">
          <h2 id="network-supporters">Our supporters</h2>
          <p>Subscribers keep the site running. Each of them has a website of their own.</p>
          <ListFailure query={supportersQuery} label="Supporters" />
          <SupportersList supporters={supporters} />
          <ButtonLink href={brand.subscriptionsUrl} target="_blank">
            Subscribe
          </ButtonLink>
        </Section>

        <Section aria-labelledby="network-testimonials">
          <h2 id="network-testimonials">What our members say</h2>
          <ListFailure query={testimonialsQuery} label="Testimonials" />
          <Carousel
            label="Testimonials"
            items={testimonials}
            getKey={(testimonial) => `${testimonial.channel_id}-${testimonial.testimonial}`}
            renderSlide={(testimonial) => <TestimonialCard testimonial={testimonial} />}
            autoplayMs={TESTIMONIAL_AUTOPLAY_MS}
            slidesPerView={{ min: 1, max: 3 }}
            slideWidth="340px"
          />
        </Section>

        <Section aria-labelledby="network-benefits">
          <h2 id="network-benefits">Why join?</h2>
          <Benefits>
            {benefits.map((benefit) => (
              <li key={benefit.title}>
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </li>
            ))}
          </Benefits>
          <Actions>{applyAsMember}</Actions>
        </Section>

        <Section aria-labelledby="network-academy">
          <h2 id="network-academy">The Academy</h2>
          <p>
            Under 100 subscribers? The Academy helps smaller channels improve until they can join
            the network. Full membership needs 100 subscribers and uploads that meet our quality
            standards.
          </p>
          <ButtonLink href={paths.contactAbout('apply-academy')}>Apply to the Academy</ButtonLink>
        </Section>

        <Section aria-labelledby="network-design">
          <h2 id="network-design">Channel design</h2>
          <p>
            Want your channel to stand out? Subscribers get custom channel artwork made for them.
          </p>
          <ButtonLink href={brand.subscriptionsUrl} target="_blank" variant="secondary">
            Get your channel design
          </ButtonLink>
        </Section>
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

/** Where a list of the page would be when its call failed: the reason and a Retry. */
function ListFailure({ query, label }: { query: UseQueryResult<unknown>; label: string }) {
  if (!query.isError) return null;
  return (
    <LoadError
      aria-label={label}
      message={errorMessage(query.error)}
      onRetry={() => void query.refetch()}
    />
  );
}
