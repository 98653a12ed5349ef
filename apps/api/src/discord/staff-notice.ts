/**
 * Posts a notice to the team's Discord channel through its webhook. Mentions are switched off:
 * what a visitor wrote must not ping anyone. The webhook URL is a secret (it is the credential),
 * so failures are reported without it.
 */
export async function postStaffNotice(webhookUrl: string, content: string): Promise<void> {
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ content: content.slice(0, 2000), allowed_mentions: { parse: [] } }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`the team's Discord channel answered ${response.status}`);
}
