/**
 * The id this tab counts as one listener under; kept for the tab's life so a reload is still the
 * same listener. It identifies nobody: a random value, never sent anywhere but the radio calls.
 */
export function listenerId(storage: Pick<Storage, 'getItem' | 'setItem'>): string {
  const key = 'radio-listener';
  const existing = storage.getItem(key);
  if (existing) return existing;
  const created = crypto.randomUUID();
  storage.setItem(key, created);
  return created;
}
