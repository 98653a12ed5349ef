import { SOCIAL_LINK_FIELDS, type websiteSaveBodySchema } from '@fansite/contract';
import { eq, getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import { isUniqueViolation, type AppDb } from '../db/client.ts';
import { subscriberSites } from '../db/schema.ts';

export type WebsiteRecord = {
  id: number;
  enabled: string;
  domain_name: string;
  name: string;
  subtitle: string;
  form_mail: string;
  about_me: string;
  social_text: string;
  banner_url: string;
} & Record<(typeof SOCIAL_LINK_FIELDS)[number], string>;

export type WebsiteSettings = Omit<z.output<typeof websiteSaveBodySchema>, 'firebase_auth_token'>;

/** What `activate` and `save` report besides the record. */
export type WebsiteOutcome =
  { outcome: 'ok'; site: WebsiteRecord } | { outcome: 'name-taken' } | { outcome: 'not-activated' };

const { id, enabled, domainName, name, subtitle, formMail, aboutMe, socialText, bannerUrl } =
  getTableColumns(subscriberSites);
const recordColumns = {
  id,
  enabled,
  domain_name: domainName,
  name,
  subtitle,
  form_mail: formMail,
  about_me: aboutMe,
  social_text: socialText,
  banner_url: bannerUrl,
  ...Object.fromEntries(SOCIAL_LINK_FIELDS.map((field) => [field, subscriberSites[field]])),
} as const;

/** A subscriber's own site settings (the `subscriber_sites` row whose owner they are). */
export function createWebsitesRepository(db: AppDb) {
  async function ofOwner(ownerUid: string): Promise<WebsiteRecord | null> {
    const [row] = await db
      .select(recordColumns)
      .from(subscriberSites)
      .where(eq(subscriberSites.ownerUid, ownerUid));
    return (row as WebsiteRecord | undefined) ?? null;
  }

  return {
    ofOwner,

    /**
     * Activates the owner's site under `domainName`. One conditional insert: of two activations
     * racing for a name exactly one wins, and a second activation by the owner changes nothing.
     */
    async activate(ownerUid: string, domainName: string): Promise<WebsiteOutcome> {
      const existing = await ofOwner(ownerUid);
      if (existing) return { outcome: 'ok', site: existing };
      const inserted = await db
        .insert(subscriberSites)
        .values({ ownerUid, domainName, name: domainName, enabled: 'yes' })
        .onConflictDoNothing()
        .returning({ id: subscriberSites.id });
      if (inserted.length > 0) return { outcome: 'ok', site: (await ofOwner(ownerUid))! };
      // Either the name is someone else's, or this owner's activation raced with itself.
      const mine = await ofOwner(ownerUid);
      return mine ? { outcome: 'ok', site: mine } : { outcome: 'name-taken' };
    },

    /** The owner's saved channel link and the channel id it was resolved to; null without a site. */
    async channelOf(
      ownerUid: string,
    ): Promise<{ youtube: string; youtubeChannelId: string | null } | null> {
      const [row] = await db
        .select({
          youtube: subscriberSites.youtube,
          youtubeChannelId: subscriberSites.youtubeChannelId,
        })
        .from(subscriberSites)
        .where(eq(subscriberSites.ownerUid, ownerUid));
      return row ?? null;
    },

    /**
     * Replaces the settings; a field left empty is stored empty, the banner is kept.
     * `youtubeChannelId` is the channel the YouTube link was resolved to.
     */
    async save(
      ownerUid: string,
      settings: WebsiteSettings,
      youtubeChannelId: string | null,
    ): Promise<WebsiteOutcome> {
      const values = {
        youtubeChannelId,
        domainName: settings.domain_name,
        name: settings.name,
        subtitle: settings.subtitle ?? '',
        formMail: settings.form_mail ?? '',
        aboutMe: settings.about_me ?? '',
        socialText: settings.social_text ?? '',
        ...Object.fromEntries(SOCIAL_LINK_FIELDS.map((field) => [field, settings[field] ?? ''])),
      };
      try {
        const updated = await db
          .update(subscriberSites)
          .set(values)
          .where(eq(subscriberSites.ownerUid, ownerUid))
          .returning(recordColumns);
        const [site] = updated as WebsiteRecord[];
        return site ? { outcome: 'ok', site } : { outcome: 'not-activated' };
      } catch (error) {
        if (isUniqueViolation(error)) return { outcome: 'name-taken' };
        throw error;
      }
    },
  };
}

export type WebsitesRepository = ReturnType<typeof createWebsitesRepository>;
