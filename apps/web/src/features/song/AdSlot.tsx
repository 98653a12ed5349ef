import { useEffect } from 'react';
import styled from 'styled-components';

const ADS_SCRIPT_URL = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';

/** docs/product.md, constants: the ad is 320x180. */
const Slot = styled.ins`
  display: inline-block;
  width: 320px;
  max-width: 100%;
  height: 180px;
`;

type AdsWindow = Window & { adsbygoogle?: unknown[] };

function loadAdsScript(client: string) {
  if (document.querySelector(`script[src^="${ADS_SCRIPT_URL}"]`)) return;
  const script = document.createElement('script');
  script.src = `${ADS_SCRIPT_URL}?client=${encodeURIComponent(client)}`;
  script.async = true;
  script.crossOrigin = 'anonymous';
  document.head.append(script);
}

export interface AdSlotProps {
  client: string;
  slot: string;
}

/** The brand's ad; the song page shows it only when the brand configures a client and a slot. */
export function AdSlot({ client, slot }: AdSlotProps) {
  useEffect(() => {
    loadAdsScript(client);
    const page = window as AdsWindow;
    (page.adsbygoogle ??= []).push({});
  }, [client, slot]);

  return (
    <Slot
      className="adsbygoogle"
      aria-label="Advertisement"
      data-ad-client={client}
      data-ad-slot={slot}
    />
  );
}
