import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Each brand has its own catalogue (docs/product.md, brands and hosts): a playlist id is unique
 * within its brand, so both brands can have their `new` playlist. Rows from before brands
 * existed were the nightcore site's.
 */
const brandColumn = () => text('brand').notNull().default('nightcore');

export const playlists = pgTable(
  'playlists',
  {
    brand: brandColumn(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    descriptionUrl: text('description_url'),
    imageUrl: text('image_url'),
    special: boolean('special').notNull().default(false),
    /** Shown in the home page grid. */
    home: boolean('home').notNull().default(false),
    /** Higher first in the default (Popular) order. */
    popularity: integer('popularity').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.brand, table.id] }),
    index('playlists_popularity_idx').on(table.popularity.desc(), table.name),
    index('playlists_name_idx').on(table.name),
  ],
);

export const songs = pgTable(
  'songs',
  {
    youtubeId: text('youtube_id').primaryKey(),
    /**
     * A video belongs to one brand's catalogue (the brands publish different versions of a
     * song), so favourites and radio history keep referring to songs by video id alone.
     */
    brand: brandColumn(),
    title: text('title').notNull(),
    authorName: text('author_name').notNull(),
    description: text('description').notNull().default(''),
    dateAdded: timestamp('date_added', { withTimezone: true, mode: 'string' }).notNull(),
    isNew: boolean('is_new').notNull().default(false),
    durationSeconds: integer('duration_seconds').notNull(),
    /** The song's home playlist (of the song's brand), shown as its playlist badge. */
    categoryId: text('category_id').notNull(),
  },
  // No search or sort indexes: searches and orders are served from the catalogue's copy in
  // memory, and each index cost every import (GIN trigram and text indexes were most of a
  // million-song import's time).
  (table) => [
    foreignKey({
      columns: [table.brand, table.categoryId],
      foreignColumns: [playlists.brand, playlists.id],
    }).onDelete('cascade'),
    index('songs_category_idx').on(table.brand, table.categoryId),
  ],
);

/** A playlist's songs in play order; next and previous follow `position`. */
export const playlistSongs = pgTable(
  'playlist_songs',
  {
    brand: brandColumn(),
    playlistId: text('playlist_id').notNull(),
    youtubeId: text('youtube_id')
      .notNull()
      .references(() => songs.youtubeId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.brand, table.playlistId, table.youtubeId] }),
    foreignKey({
      columns: [table.brand, table.playlistId],
      foreignColumns: [playlists.brand, playlists.id],
    }).onDelete('cascade'),
    uniqueIndex('playlist_songs_position_idx').on(table.brand, table.playlistId, table.position),
    index('playlist_songs_song_idx').on(table.youtubeId),
  ],
);

/** Messages from the get-in-touch form and song reports (topic 'song-report'). */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    topic: text('topic').notNull(),
    email: text('email'),
    discord: text('discord'),
    youtubeUrl: text('youtube_url'),
    message: text('message'),
    remember: boolean('remember'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
    /** The brand of the site it was sent from; the team's inbox lists one brand's at a time. */
    brand: brandColumn(),
    /** Where the team is with it: 'new', 'in-progress' or 'done'. */
    state: text('state').notNull().default('new'),
    /** The team's own note, never shown to the sender. */
    note: text('note').notNull().default(''),
    /** The reported video of a song report (its message starts with the id). */
    youtubeId: text('youtube_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }),
    /**
     * Set by the one process that claimed telling the team about it (Discord, mail); a failed
     * post clears it again, so a later tick retries.
     */
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'string' }),
  },
  (table) => [
    index('contact_requests_topic_idx').on(table.topic, table.createdAt),
    index('contact_requests_inbox_idx').on(table.brand, table.createdAt.desc(), table.id.desc()),
    index('contact_requests_unnotified_idx')
      .on(table.createdAt)
      .where(sql`${table.notifiedAt} IS NULL`),
  ],
);

/** The team: people (by lower-case email) who may use the staff pages. */
export const staffMembers = pgTable('staff_members', {
  email: text('email').primaryKey(),
  grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** Every change the team made through the staff pages: who, what, when, before and after. */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    actorEmail: text('actor_email').notNull(),
    brand: text('brand').notNull(),
    /** What was done, such as `playlist.create` or `inbox.update`. */
    action: text('action').notNull(),
    /** What it was done to: a playlist id, a video id, an inbox item's number. */
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [index('staff_audit_log_at_idx').on(table.brand, table.at.desc(), table.id.desc())],
);

/**
 * Mails waiting to be sent, and those sent. A mail is written here first and sent by whichever
 * process claims it; a failure schedules another attempt, so none is lost.
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt may start; a claim moves it into the future while it runs. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    lastError: text('last_error'),
  },
  (table) => [
    index('outbox_mails_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} IS NULL`),
  ],
);

/**
 * One row whose version every catalogue import increments, so that servers (possibly other
 * processes) know when to drop what they cached of the old catalogue.
 */
export const catalogueState = pgTable('catalogue_state', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Each catalogue version's stamp, random, written by the import or change that made it: a
 * serving copy stored in a file names the version and stamp it was built at, and a starting
 * process reads it only when its database passed through exactly that state (another database,
 * or one restored from a backup and edited since, has other stamps for the same numbers).
 */
export const catalogueVersions = pgTable('catalogue_versions', {
  version: bigint('version', { mode: 'number' }).primaryKey(),
  stamp: uuid('stamp').notNull().defaultRandom(),
  /**
   * Set by an import whose command builds and shares the new version's copies (`catalog import`
   * on PostgreSQL), and kept current while it builds: running servers wait for that copy instead
   * of each building its own. Null once it is shared, or when nobody said they would.
   */
  copiesSharedBy: timestamp('copies_shared_by', { withTimezone: true }),
});

/**
 * Each brand's serving copy as a built file (`catalogue/stored-copy.ts`), shared through
 * PostgreSQL: a process with no usable file of its own (a new machine, a fresh container, the
 * first start after an import the operator ran) fetches it instead of reading a million rows and
 * building it (`catalogue/shared-copy.ts`). One copy per brand, replaced whole in one transaction.
 * Both tables are UNLOGGED (migration 0018, which drizzle's schema cannot say): a copy can always
 * be built again, so its bytes skip the write-ahead log, and a crash empties both tables together.
 */
export const sharedCatalogueCopies = pgTable('shared_catalogue_copies', {
  brand: text('brand').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  stamp: uuid('stamp').notNull(),
  /** The file's format (`stored-copy.ts`'s FORMAT): a process reads only its own. */
  format: integer('format').notNull(),
  /** The file's length: a fetch that brought fewer bytes is not used. */
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
});

/** The shared copies' bytes in pieces (a bytea value is read and written whole). */
export const sharedCatalogueCopyPieces = pgTable(
  'shared_catalogue_copy_pieces',
  {
    brand: text('brand').notNull(),
    stamp: uuid('stamp').notNull(),
    piece: integer('piece').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.brand, table.stamp, table.piece] })],
);

/**
 * What each change made in the team's console touched, under the catalogue version it produced:
 * a server at an older version patches its serving copy with the playlists and songs of the
 * versions it missed instead of building it again. A version with no row here (an import)
 * means a full build.
 */
export const catalogueChanges = pgTable('catalogue_changes', {
  version: bigint('version', { mode: 'number' }).primaryKey(),
  brand: text('brand').notNull(),
  /** Playlists whose answer changed (their songs, order or fields), gone ones included. */
  playlists: text('playlists').array().notNull(),
  /** Songs added, removed or changed (their summary: home playlist and its name). */
  songs: text('songs').array().notNull(),
});

/** Channels of the creator network; subscribers and views are kept up to date by the operator. */
export const members = pgTable(
  'members',
  {
    channelId: text('channel_id').primaryKey(),
    channelName: text('channel_name').notNull(),
    channelPic: text('channel_pic').notNull(),
    subscribers: bigint('subscribers', { mode: 'number' }).notNull().default(0),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [index('members_joined_at_idx').on(table.joinedAt, table.channelId)],
);

/** What members say about the network, shown in the network page's testimonials carousel. */
export const testimonials = pgTable('testimonials', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  channelId: text('channel_id').notNull(),
  channelName: text('channel_name').notNull(),
  channelPic: text('channel_pic').notNull(),
  /** The short line under the name, such as a subscriber count ("12K subscribers"). */
  subTag: text('sub_tag').notNull(),
  testimonial: text('testimonial').notNull(),
});

/** News of the /latest page; `content` is HTML, sanitized by the browser before it is shown. */
export const feedItems = pgTable(
  'feed_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    image: text('image').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    url: text('url').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
  },
  (table) => [index('feed_items_published_at_idx').on(table.publishedAt)],
);

/** A subscriber's personal sub-domain site (docs/calls.md, records, "Subscriber website"). */
export const subscriberSites = pgTable(
  'subscriber_sites',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 'yes' when the site is activated; anything else keeps it off the network page. */
    enabled: text('enabled').notNull().default('no'),
    domainName: text('domain_name').notNull().unique(),
    /** The subscriber's identity uid; nullable until accounts exist. */
    ownerUid: text('owner_uid').unique(),
    name: text('name').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    formMail: text('form_mail').notNull().default(''),
    aboutMe: text('about_me').notNull().default(''),
    socialText: text('social_text').notNull().default(''),
    bannerUrl: text('banner_url').notNull().default(''),
    profilePic: text('profile_pic').notNull().default(''),
    youtube: text('youtube').notNull().default(''),
    /**
     * The channel the `youtube` link names, resolved when the link was saved (a handle or a
     * custom address has no feed of its own); null for links saved before it was resolved.
     */
    youtubeChannelId: text('youtube_channel_id'),
    twitter: text('twitter').notNull().default(''),
    patreon: text('patreon').notNull().default(''),
    facebook: text('facebook').notNull().default(''),
    instagram: text('instagram').notNull().default(''),
    discord: text('discord').notNull().default(''),
    tiktok: text('tiktok').notNull().default(''),
    soundcloud: text('soundcloud').notNull().default(''),
    rumble: text('rumble').notNull().default(''),
    spotify: text('spotify').notNull().default(''),
  },
  (table) => [index('subscriber_sites_enabled_idx').on(table.enabled)],
);

/**
 * A radio station's now-playing song. Every listener seeks to now - start_time, so all hear the
 * same moment; the row advances with one conditional update once the song has ended.
 */
export const radioStations = pgTable('radio_stations', {
  /** The brand's id for its main station, `brand:playlist id` for a newcomers station. */
  id: text('id').primaryKey(),
  youtubeId: text('youtube_id').references(() => songs.youtubeId, { onDelete: 'set null' }),
  startTime: timestamp('start_time', { withTimezone: true, mode: 'string' }).notNull(),
  durationSeconds: integer('duration_seconds').notNull(),
});

/** Songs a station played, for its last-played list and to avoid repeating them soon. */
export const radioHistory = pgTable(
  'radio_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    stationId: text('station_id').notNull(),
    youtubeId: text('youtube_id')
      .notNull()
      .references(() => songs.youtubeId, { onDelete: 'cascade' }),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (table) => [index('radio_history_station_idx').on(table.stationId, table.startTime.desc())],
);

/** The last poll of each listener; listeners are those heard from recently. */
export const radioListeners = pgTable(
  'radio_listeners',
  {
    stationId: text('station_id').notNull(),
    listenerId: text('listener_id').notNull(),
    /**
     * Who polled, as a hash of their address (never the address itself): only a few listener
     * ids of one address are counted, so made-up ids cannot inflate the count.
     */
    addressKey: text('address_key').notNull().default(''),
    lastSeen: timestamp('last_seen', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.stationId, table.listenerId] }),
    index('radio_listeners_seen_idx').on(table.stationId, table.lastSeen),
  ],
);

/** Signed-in people, keyed by their Firebase uid; a row is made on their first authenticated call. */
export const users = pgTable(
  'users',
  {
    uid: text('uid').primaryKey(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
    /** The linked Discord account (OAuth2 scope identify), or null when none is linked. */
    discordId: text('discord_id'),
    discordName: text('discord_name'),
    /** The ID token's `email_verified` claim as last seen; email grants apply only when true. */
    emailVerified: boolean('email_verified').notNull().default(false),
  },
  // One Discord account speaks for one person here: it links to at most one account.
  (table) => [uniqueIndex('users_discord_id_idx').on(table.discordId)],
);

/**
 * A user's favourite songs, newest first. No foreign key to `songs`: a catalogue import replaces
 * every song, and favourites of songs that come back must survive it (gone songs are just not shown).
 */
export const favorites = pgTable(
  'favorites',
  {
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    youtubeId: text('youtube_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userUid, table.youtubeId] }),
    index('favorites_user_created_idx').on(table.userUid, table.createdAt.desc()),
  ],
);

/**
 * Who is a subscriber, by email (lower case), so a grant made before the person signs up applies
 * once they do. `source` tells an operator's grant from one the Patreon webhook keeps in step.
 */
export const subscriberGrants = pgTable('subscriber_grants', {
  email: text('email').primaryKey(),
  source: text('source').notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * Patreon memberships of the brands' campaigns, keyed by Patreon's member id, as the webhook and
 * the account link last saw them. A membership makes its person a subscriber while `paid_until`
 * is ahead: through the linked Patreon user (`patreon_links`), or else through the email, for an
 * account whose email is verified. `last_charge_at` and `state_rank` order the deliveries: one
 * older than what is stored changes nothing.
 */
export const patreonMembers = pgTable(
  'patreon_members',
  {
    memberId: text('member_id').primaryKey(),
    patreonUserId: text('patreon_user_id'),
    campaignId: text('campaign_id').notNull(),
    /** Lower case; null when Patreon did not send it (the email scope is optional). */
    email: text('email'),
    paidUntil: timestamp('paid_until', { withTimezone: true, mode: 'string' }),
    lastChargeAt: timestamp('last_charge_at', { withTimezone: true, mode: 'string' }),
    stateRank: integer('state_rank').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    index('patreon_members_user_idx').on(table.patreonUserId),
    index('patreon_members_email_idx').on(table.email),
  ],
);

/** An account's linked Patreon user (OAuth2, scope identity identity.memberships). */
export const patreonLinks = pgTable('patreon_links', {
  userUid: text('user_uid')
    .primaryKey()
    .references(() => users.uid, { onDelete: 'cascade' }),
  patreonUserId: text('patreon_user_id').notNull().unique(),
  patreonName: text('patreon_name').notNull(),
  linkedAt: timestamp('linked_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** Patreon OAuth2 states in flight, kept like the Discord ones (a hash, single use, expiring). */
export const patreonLinkStates = pgTable(
  'patreon_link_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    returnTo: text('return_to').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** The hash of the nonce the starting browser keeps in a cookie (routes/account/link-flow.ts). */
    browserNonceHash: text('browser_nonce_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (table) => [index('patreon_link_states_expires_idx').on(table.expiresAt)],
);

/** A subscriber's channel promotion: what the channel of the day links to when it is their turn. */
export const promotions = pgTable('promotions', {
  userUid: text('user_uid')
    .primaryKey()
    .references(() => users.uid, { onDelete: 'cascade' }),
  youtubeChannel: text('youtube_channel').notNull(),
  youtubeShare: text('youtube_share').notNull(),
  /** First saved; ties in the round robin go to whoever joined first. */
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** One promoted channel a day (UTC days); the scheduler keeps the coming days planned. */
export const promotionCalendar = pgTable(
  'promotion_calendar',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
  },
  (table) => [index('promotion_calendar_user_idx').on(table.userUid, table.day)],
);

/**
 * Days whose channel was announced in the community chat. A process posts only after its insert of
 * the day's row succeeds, so two processes (or a restart) never announce a day twice.
 */
export const promotionAnnouncements = pgTable('promotion_announcements', {
  day: date('day', { mode: 'string' }).primaryKey(),
  announcedAt: timestamp('announced_at', { withTimezone: true, mode: 'string' })
    .notNull()
    .defaultNow(),
});

/**
 * Discord OAuth2 states in flight. Only a hash of the state is kept; a state is taken (deleted) by
 * the one callback that uses it, and is worthless after `expires_at`.
 */
export const discordLinkStates = pgTable(
  'discord_link_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    returnTo: text('return_to').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** Hash of the nonce in the cookie of the browser that started the link: only it may finish. */
    browserNonceHash: text('browser_nonce_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (table) => [index('discord_link_states_expires_idx').on(table.expiresAt)],
);

/**
 * Songs made by the song maker. The file itself is in the file store under `storage_key`; the row
 * stays after the file is removed (`expired_at`), so the history still lists it. The download link
 * holds a random key: links are looked up by its hash; the key itself is kept while the file is,
 * so the owner's history can give the link again, and cleared when the file is removed.
 */
export const conversions = pgTable(
  'conversions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    speed: integer('speed').notNull(),
    storageKey: text('storage_key').notNull(),
    downloadKeyHash: text('download_key_hash').notNull(),
    downloadKey: text('download_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true, mode: 'string' }),
  },
  (table) => [
    index('conversions_user_created_idx').on(table.userUid, table.createdAt.desc()),
    uniqueIndex('conversions_download_key_idx').on(table.downloadKeyHash),
    index('conversions_expires_idx').on(table.expiresAt),
  ],
);

/**
 * The converted songs' bytes when the site runs on PostgreSQL, so that any process serves a song
 * any process made: one row per megabyte, in order, under the file store's key. (On the embedded
 * database they are files in the data folder.)
 */
export const makerFileChunks = pgTable(
  'maker_file_chunks',
  {
    storageKey: text('storage_key').notNull(),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.storageKey, table.seq] })],
);

/**
 * Conversions under way, whichever process converts them: what the page's progress poll reads,
 * wherever it lands. The converting process refreshes `seen_at` while it works on the job; a row
 * whose process stopped refreshing it is a conversion that will not finish.
 */
export const makerJobs = pgTable(
  'maker_jobs',
  {
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    /** The page's own id for the conversion. */
    job: text('job').notNull(),
    /** The process converting it (random per start). */
    worker: text('worker').notNull(),
    stage: text('stage', { enum: ['waiting', 'converting'] }).notNull(),
    percent: integer('percent').notNull().default(0),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userUid, table.job] }),
    index('maker_jobs_worker_idx').on(table.worker),
  ],
);
