import type { SubscriberSitePublic } from '@fansite/contract';
import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { subscriberSites } from '../db/schema.ts';
import { siteOwnerSubscribes } from './subscriber-status.ts';

/** An enabled site as its visitors see it, plus the owner's picture and channel link. */
export interface PublicSubscriberSite {
  data: SubscriberSitePublic;
  profilePic: string;
  /** The channel the YouTube link was resolved to when saved; null before links were resolved. */
  youtubeChannelId?: string | null;
}

/** Reads subscribers' sites for their public pages; the site settings write them. */
export function createSubscriberSitesRepository(db: AppDb) {
  return {
    /**
     * The site under `domainName` when it is enabled ('yes') and its owner is a subscriber, else
     * null: a lapsed subscriber's site is served like a disabled one, and its record is kept.
     */
    async findEnabled(domainName: string): Promise<PublicSubscriberSite | null> {
      // Only public columns are selected: form_mail and the owner never leave the database here.
      const [row] = await db
        .select({
          id: subscriberSites.id,
          enabled: subscriberSites.enabled,
          domain_name: subscriberSites.domainName,
          name: subscriberSites.name,
          subtitle: subscriberSites.subtitle,
          about_me: subscriberSites.aboutMe,
          social_text: subscriberSites.socialText,
          banner_url: subscriberSites.bannerUrl,
          profile_pic: subscriberSites.profilePic,
          youtube_channel_id: subscriberSites.youtubeChannelId,
          youtube: subscriberSites.youtube,
          twitter: subscriberSites.twitter,
          patreon: subscriberSites.patreon,
          facebook: subscriberSites.facebook,
          instagram: subscriberSites.instagram,
          discord: subscriberSites.discord,
          tiktok: subscriberSites.tiktok,
          soundcloud: subscriberSites.soundcloud,
          rumble: subscriberSites.rumble,
          spotify: subscriberSites.spotify,
        })
        .from(subscriberSites)
        .where(
          and(
            eq(subscriberSites.domainName, domainName),
            eq(subscriberSites.enabled, 'yes'),
            siteOwnerSubscribes,
          ),
        )
        .limit(1);
      if (!row) return null;
      const { profile_pic: profilePic, youtube_channel_id: youtubeChannelId, ...data } = row;
      return { data, profilePic, youtubeChannelId };
    },
  };
}

export type SubscriberSitesRepository = ReturnType<typeof createSubscriberSitesRepository>;
