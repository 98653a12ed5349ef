/**
 * How the server and each app's server build (`dist-server/entry-server.js`) talk about a page
 * (ARCHITECTURE.md, pages rendered on the server): the server asks with a `RenderRequest`, the app
 * answers a `RenderedPage`, which the server writes into the app's built index.html.
 */
export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /**
   * The public origin (`https://host[:port]`) of a host the deployment serves, never a Host
   * header as sent: it picks the brand (and, for a subscriber's site, whose site), and the
   * canonical, preview and cross-site addresses are built from it.
   */
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

/** What an app's server build exports. */
export interface ServerBuild {
  render(request: RenderRequest): Promise<RenderedPage>;
  /**
   * The address of the page a URL shows: its path and only the query parameters its route reads,
   * as validated, in one order. Two URLs with the same address render the same page, so the
   * server keeps rendered pages under it: parameters no page reads cannot make new entries.
   */
  pageAddress(url: string): Promise<string>;
}
