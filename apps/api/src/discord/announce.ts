/**
 * Posts the channel of the day to the community chat through a Discord webhook. Mentions are
 * switched off: a channel link is not allowed to ping anyone. The webhook URL is a secret (it is
 * the credential), so failures are reported without it.
 */
export async function postAnnouncement(webhookUrl: string, youtubeChannel: string): Promise<void> {
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      content: `Channel of the day: ${youtubeChannel}`,
      allowed_mentions: { parse: [] },
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`the community chat answered ${response.status}`);
}
