import { z } from 'zod';

export const BRAND_IDS = ['nightcore', 'slowed-reverb'] as const;
export type BrandId = (typeof BRAND_IDS)[number];

const url = z.string().url();

const faqEntries = z
  .array(z.object({ question: z.string().min(1), answer: z.string().min(1) }))
  .min(1);

/**
 * Everything that differs between the two sites lives here (and each brand's FAQ beside it,
 * `brandFaqSchema`), never in components.
 */
export const brandConfigSchema = z.object({
  id: z.enum(BRAND_IDS),
  siteName: z.string().min(1),
  /** The word that selects this brand when it appears in the host name. */
  hostKeyword: z.string().min(1),
  logoUrl: z.string().min(1),
  hero: z.object({ title: z.string(), subtitle: z.string() }),
  /** The what-is page: its path is configurable, its description is HTML (sanitized when shown). */
  whatIs: z.object({
    path: z.string().regex(/^\/[a-z0-9-]+$/),
    linkLabel: z.string(),
    title: z.string(),
    imageUrl: z.string(),
    descriptionHtml: z.string(),
  }),
  social: z.object({
    discord: url,
    instagram: url,
    x: url,
    tiktok: url,
    donation: url,
  }),
  subscriptionsUrl: url,
  /** Ad identifiers; the ad slot shows only when both are set. */
  ads: z.object({ client: z.string(), slot: z.string() }),
  introVideoId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{11}$/)
    .nullable(),
  passion: z.object({ title: z.string(), text: z.string() }),
  community: z.object({ title: z.string(), text: z.string() }),
  /** The community chat's embeddable widget (an iframe address on discord.com). */
  discordWidgetUrl: url.refine(
    (address) => address.startsWith('https://discord.com/widget'),
    'must be a https://discord.com/widget address',
  ),
  playlistsDescription: z.string(),
  features: z.object({
    artworkEnabled: z.boolean(),
    /** Initial position of the song maker's speed slider, -100 to 100 percent. */
    defaultMakerSpeed: z.number().int().min(-100).max(100),
  }),
  theme: z.object({
    primary: z.string(),
    accent: z.string(),
    background: z.string(),
    surface: z.string(),
    text: z.string(),
    mutedText: z.string(),
  }),
});

export type BrandConfig = z.infer<typeof brandConfigSchema>;

/** A brand's FAQ page (`faq.ts`): its two sections of questions, answers in plain text. */
export const brandFaqSchema = z.object({ general: faqEntries, network: faqEntries });

export type BrandFaq = z.infer<typeof brandFaqSchema>;
export type FaqEntry = BrandFaq['general'][number];
