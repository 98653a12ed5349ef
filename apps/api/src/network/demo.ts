import type { FeedItem, Member, Testimonial } from '@fansite/contract';
import type { MemberRecord } from '../repositories/network.ts';

/** A subscriber site of the demo: what the network page and the site itself show, plus its switch. */
interface DemoSupporterSite {
  domainName: string;
  name: string;
  profilePic: string;
  enabled: 'yes' | 'no';
  youtube: string;
  subtitle?: string;
  aboutMe?: string;
  socialText?: string;
  bannerUrl?: string;
  formMail?: string;
  twitter?: string;
  patreon?: string;
  instagram?: string;
  spotify?: string;
}

export interface DemoNetwork {
  members: MemberRecord[];
  testimonials: Testimonial[];
  /** Oldest first, so that the last one is the newest on /latest. */
  feed: FeedItem[];
  supporterSites: DemoSupporterSite[];
}

export const DEMO_MEMBER_COUNT = 24;

const FIRST_WORDS = ['Neon', 'Crystal', 'Midnight', 'Velvet', 'Lunar', 'Echo', 'Pixel', 'Aurora'];
const LAST_WORDS = ['Beats', 'Waves', 'Dreams', 'Tunes'];

/** Channel ids look like YouTube's: "UC" and 22 more characters. */
function channelId(index: number): string {
  return `UCdemo${String(index).padStart(4, '0')}network000000`;
}

function channelPic(id: string): string {
  return `https://picsum.photos/seed/${id}/176/176`;
}

function demoMembers(): MemberRecord[] {
  return Array.from({ length: DEMO_MEMBER_COUNT }, (_, index) => {
    const id = channelId(index + 1);
    const firstWord = FIRST_WORDS[index % FIRST_WORDS.length]!;
    const lastWord = LAST_WORDS[Math.floor(index / FIRST_WORDS.length) % LAST_WORDS.length]!;
    return {
      channel_id: id,
      channel_name: `${firstWord} ${lastWord}`,
      channel_pic: channelPic(id),
      // Spread the counts so that the stats look like a real network: 1.2K to about 300K.
      subscribers: 1_200 + ((index * 7_919) % 300_000),
      views: 85_000 + ((index * 1_234_567) % 40_000_000),
    };
  });
}

function demoTestimonials(members: Member[]): Testimonial[] {
  const quotes = [
    'Joining the network doubled the reach of my uploads in a few months.',
    'The community feedback made every remix better than the one before.',
    'Friendly people, fair rules and real promotion: exactly what a small channel needs.',
    'The Academy taught me how to master my tracks before I reached 100 subscribers.',
    'Collaborations with other members brought me listeners from all over the world.',
  ];
  return quotes.map((testimonial, index) => {
    const { channel_id, channel_name, channel_pic } = members[index * 3]!;
    return {
      channel_id,
      channel_name,
      channel_pic,
      sub_tag: `${(index + 2) * 11}K subscribers`,
      testimonial,
    };
  });
}

function demoFeed(): FeedItem[] {
  return [
    {
      image: 'https://picsum.photos/seed/feed-launch/640/360',
      title: 'The new site is live',
      content:
        '<p>Playlists, search and the radio now live on one site. <a href="https://example.com/news/launch">Read the announcement</a>.</p>',
      url: 'https://example.com/news/launch',
    },
    {
      image: 'https://picsum.photos/seed/feed-network/640/360',
      title: 'Five new network members',
      content:
        '<p>Say hello to the channels that joined the <em>creator network</em> this month.</p>',
      url: 'https://example.com/news/new-members',
    },
    {
      image: 'https://picsum.photos/seed/feed-radio/640/360',
      title: 'Radio request hour',
      content:
        '<p>Every Friday the radio plays the songs you requested through the contact form.</p>',
      url: 'https://example.com/news/radio-requests',
    },
  ];
}

/** A channel link the feed reader understands: `/channel/` and an id like YouTube's. */
const demoChannelLink = (seed: string) =>
  `https://www.youtube.com/channel/UC${seed.padEnd(22, '0').slice(0, 22)}`;

function demoSupporterSites(): DemoSupporterSite[] {
  const sites: Omit<DemoSupporterSite, 'profilePic' | 'youtube'>[] = [
    {
      domainName: 'alice',
      name: 'Alice Sings',
      enabled: 'yes',
      subtitle: 'Nightcore covers, every Friday',
      aboutMe:
        'Hi, I am Alice! I sing sped-up covers of the songs I love.\n' +
        'New videos every Friday; requests are welcome.\n\n' +
        'My gear and lyrics: https://example.com/alice/gear',
      socialText: 'Every upload is free. If you enjoy them, a coffee keeps them coming.',
      bannerUrl: 'https://picsum.photos/seed/alice-banner/1600/500',
      // Never shown on the site: where its messages go.
      formMail: 'alice.private@example.com',
      twitter: 'https://x.com/alicesings',
      patreon: 'https://www.patreon.com/alicesings',
      instagram: 'https://www.instagram.com/alicesings',
    },
    { domainName: 'beatsbyben', name: 'Beats by Ben', enabled: 'yes' },
    {
      domainName: 'bob',
      name: 'Bob Slowed',
      enabled: 'yes',
      subtitle: 'Slowed and reverbed, late at night',
      aboutMe: 'Slow songs for long evenings.\nPlaylists on Spotify too.',
      spotify: 'https://open.spotify.com/artist/bobslowed',
      twitter: 'https://x.com/bobslowed',
    },
    { domainName: 'cloudnine', name: 'Cloud Nine', enabled: 'yes' },
    // Not activated yet: kept off the network page, and its address leads to the main site.
    { domainName: 'draftsite', name: 'Draft Site', enabled: 'no' },
  ];
  return sites.map((site) => ({
    ...site,
    profilePic: `https://picsum.photos/seed/${site.domainName}/128/128`,
    youtube: demoChannelLink(site.domainName),
  }));
}

/** The demo creator network: always the same members, testimonials, news and supporters. */
export function generateDemoNetwork(): DemoNetwork {
  const members = demoMembers();
  return {
    members,
    testimonials: demoTestimonials(members),
    feed: demoFeed(),
    supporterSites: demoSupporterSites(),
  };
}
