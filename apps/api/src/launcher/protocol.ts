/** What the server asks the launcher (`launcher.ts`) to start. */
export type LaunchRequest =
  /** A Node module, forked with a message channel; its messages are relayed both ways. */
  | { module: string; execArgv: string[] }
  /**
   * A program, run directly (no shell) with this environment alone; its output is relayed.
   * `niceness`: its scheduling priority, lowered where the system lets it.
   */
  | { command: string; args: string[]; env: Record<string, string>; niceness?: number };

/** The server to the launcher; `id` names a process it started, chosen by the server. */
export type ToLauncher =
  | { id: number; start: LaunchRequest }
  | { id: number; send: unknown }
  | { id: number; kill: NodeJS.Signals };

/** The launcher to the server: that it listens, then what each process it started does. */
export type FromLauncher =
  | { ready: true }
  /** A process started: its id on this machine, for the server to end it should the launcher die. */
  | { id: number; pid: number }
  | { id: number; message: unknown }
  | { id: number; stdout: string }
  | { id: number; stderr: string }
  | { id: number; error: { message: string; code?: string } }
  | { id: number; closed: { code: number | null; signal: NodeJS.Signals | null } };
