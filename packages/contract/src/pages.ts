/**
 * How the server and each app's server build (`dist-server/entry-server.js`) talk about a page
 * (ARCHITECTURE.md, pages rendered on the server): the server asks with a `RenderRequest`, the app
 * answers a `RenderedPage`, which the server writes into the app's built index.html.
 */
export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The Host header: it picks the brand (and, for a subscriber's site, whose site). */
  host: string;
  /** `https://host`, for the canonical and preview addresses. */
  origin: string;
  /** Answers the page's API calls; the server hands in one that stays in its own process. */
  fetch: typeof globalThis.fetch;
}

export interface RenderedPage {
  /** 404 for a page the router does not know or whose data names nothing. */
  status: number;
  /** Title, description, canonical, preview tags and the page's styles, for the end of `<head>`. */
  head: string;
  /** The app's markup, for inside `#root`. */
  html: string;
  /** The data the page was rendered from, as an inert JSON block the browser's app starts from. */
  state: string;
}

export type PageRenderer = (request: RenderRequest) => Promise<RenderedPage>;
