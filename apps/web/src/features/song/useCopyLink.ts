import { useEffect, useRef, useState } from 'react';

/** docs/product.md, constants: 'Link copied!' shows for 1500 ms. */
const LINK_COPIED_MS = 1500;

/** Copies a link to the clipboard; `copied` is true for a moment after it worked. */
export function useCopyLink() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copyLink(url: string) {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard access (permission refused, insecure page): nothing was copied, say nothing.
      return;
    }
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), LINK_COPIED_MS);
  }

  return { copied, copyLink };
}
