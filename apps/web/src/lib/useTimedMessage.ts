import { useEffect, useState } from 'react';

/** Status messages clear themselves after 5 seconds (docs/product.md, constants). */
export const MESSAGE_LIFETIME_MS = 5_000;

export interface TimedMessage {
  tone: 'success' | 'error';
  text: string;
}

/** A status message that disappears on its own; showing a new one restarts the clock. */
export function useTimedMessage() {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), MESSAGE_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage] as const;
}
