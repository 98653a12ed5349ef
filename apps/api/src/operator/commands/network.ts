import { parseArgs } from 'node:util';
import { httpUrlSchema } from '@fansite/contract';
import { z } from 'zod';
import { generateDemoNetwork } from '../../network/demo.ts';
import { importDemoNetwork, isNetworkEmpty } from '../../network/import.ts';
import { createFeedRepository } from '../../repositories/feed.ts';
import { createNetworkRepository } from '../../repositories/network.ts';
import { UsageError, type OperatorContext } from '../command.ts';

const usage = `Usage: pnpm --filter @fansite/api network <command>

Members (channel pictures are https links; counts feed the network page's stats):
  member list
  member add  --channel-id ID --name NAME --pic URL [--subscribers N] [--views N]
  member edit --channel-id ID --name NAME --pic URL [--subscribers N] [--views N]
  member remove --channel-id ID

Testimonials:
  testimonial list
  testimonial add       --channel-id ID --name NAME --pic URL --sub-tag TEXT --text TEXT
  testimonial edit --id N --channel-id ID --name NAME --pic URL --sub-tag TEXT --text TEXT
  testimonial remove --id N

News feed (--content is HTML; the site sanitizes it before showing it):
  feed list
  feed add       --image URL --title TEXT --content HTML --url URL
  feed edit --id N --image URL --title TEXT --content HTML --url URL
  feed remove --id N

  demo [--if-empty]   fill an empty network with the demo members, testimonials, news and
                      supporter sites (--if-empty: a network with data is not an error)

The database is DATABASE_URL when set, else the embedded one in DATA_DIR (default .data/); a
running server there does the work for this command.`;

// Messages are prefixed with the option's name when shown (see parseOptions).
const text = z.string({ error: 'is required' }).trim().min(1, 'is required');
const count = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .default(0);
const link = z.string({ error: 'is required' }).pipe(httpUrlSchema);

const memberOptions = z.object({
  'channel-id': text,
  name: text,
  pic: link,
  subscribers: count,
  views: count,
});
const testimonialOptions = z.object({
  'channel-id': text,
  name: text,
  pic: link,
  'sub-tag': text,
  text: text,
});
const feedOptions = z.object({
  image: link,
  title: text,
  content: text,
  url: link,
});
const idOption = z.object({
  id: z.coerce.number({ error: 'is required' }).int('must be a whole number').positive(),
});
const channelIdOption = z.object({ 'channel-id': text });

function parseOptions<T extends z.ZodType>(schema: T, values: unknown): z.infer<T> {
  const result = schema.safeParse(values);
  if (!result.success) {
    // One problem per option: a malformed link breaks more than one rule of the same field.
    const problems = new Map<string, string>();
    for (const issue of result.error.issues) {
      const option = `--${issue.path.join('.')}`;
      if (!problems.has(option)) problems.set(option, `${option} ${issue.message}`);
    }
    throw new UsageError([...problems.values()].join('\n'));
  }
  return result.data;
}

function expectFound(found: boolean, what: string) {
  if (!found) throw new UsageError(`No ${what} was found.`);
}

export async function networkCommand(
  argv: string[],
  { console, database: openDatabase }: OperatorContext,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      id: { type: 'string' },
      'channel-id': { type: 'string' },
      name: { type: 'string' },
      pic: { type: 'string' },
      subscribers: { type: 'string' },
      views: { type: 'string' },
      'sub-tag': { type: 'string' },
      text: { type: 'string' },
      image: { type: 'string' },
      title: { type: 'string' },
      content: { type: 'string' },
      url: { type: 'string' },
      'if-empty': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [resource, action] = positionals;
  const command = action ? `${resource} ${action}` : resource;
  if (values.help || !command) {
    console.log(usage);
    return values.help ? 0 : 2;
  }

  const database = await openDatabase();
  const network = createNetworkRepository(database.db);
  const feed = createFeedRepository(database.db);
  switch (command) {
    case 'member list':
      console.table(await network.members());
      break;
    case 'member add':
    case 'member edit': {
      const options = parseOptions(memberOptions, values);
      const member = {
        channel_id: options['channel-id'],
        channel_name: options.name,
        channel_pic: options.pic,
        subscribers: options.subscribers,
        views: options.views,
      };
      if (action === 'add') {
        if (!(await network.addMember(member)))
          throw new UsageError(`A member with channel id ${member.channel_id} already exists.`);
      } else {
        expectFound(await network.updateMember(member), 'member with this channel id');
      }
      console.log(`Saved member ${member.channel_id}.`);
      break;
    }
    case 'member remove': {
      const { 'channel-id': channelId } = parseOptions(channelIdOption, values);
      expectFound(await network.removeMember(channelId), 'member with this channel id');
      console.log(`Removed member ${channelId}.`);
      break;
    }
    case 'testimonial list':
      console.table(await network.testimonials());
      break;
    case 'testimonial add':
    case 'testimonial edit': {
      const options = parseOptions(testimonialOptions, values);
      const testimonial = {
        channel_id: options['channel-id'],
        channel_name: options.name,
        channel_pic: options.pic,
        sub_tag: options['sub-tag'],
        testimonial: options.text,
      };
      if (action === 'add') {
        console.log(`Added testimonial ${await network.addTestimonial(testimonial)}.`);
      } else {
        const { id } = parseOptions(idOption, values);
        expectFound(await network.updateTestimonial(id, testimonial), 'testimonial with this id');
        console.log(`Saved testimonial ${id}.`);
      }
      break;
    }
    case 'testimonial remove': {
      const { id } = parseOptions(idOption, values);
      expectFound(await network.removeTestimonial(id), 'testimonial with this id');
      console.log(`Removed testimonial ${id}.`);
      break;
    }
    case 'feed list':
      console.table(await feed.items());
      break;
    case 'feed add':
    case 'feed edit': {
      const item = parseOptions(feedOptions, values);
      if (action === 'add') {
        console.log(`Added feed item ${await feed.add(item)}.`);
      } else {
        const { id } = parseOptions(idOption, values);
        expectFound(await feed.update(id, item), 'feed item with this id');
        console.log(`Saved feed item ${id}.`);
      }
      break;
    }
    case 'feed remove': {
      const { id } = parseOptions(idOption, values);
      expectFound(await feed.remove(id), 'feed item with this id');
      console.log(`Removed feed item ${id}.`);
      break;
    }
    case 'demo':
      // The demo's ids would clash with what is there: it only ever fills an empty network.
      if (!(await isNetworkEmpty(database))) {
        console.log('The network is not empty; nothing changed.');
        return values['if-empty'] ? 0 : 2;
      }
      await importDemoNetwork(database, generateDemoNetwork());
      console.log('Loaded the demo network.');
      break;
    default:
      console.log(usage);
      return 2;
  }
  return 0;
}
