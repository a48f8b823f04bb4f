/** hoodiecrow-imap (a scriptable IMAP server for client tests) ships no types: the part the inbound IMAP test uses. */
declare module 'hoodiecrow-imap' {
  import type { Server } from 'node:net';
  type StoredMessage = { raw: string; flags?: string[]; uid?: number };
  type Folder = { messages?: StoredMessage[]; folders?: Record<string, Folder>; separator?: string };
  export type HoodiecrowServer = {
    server: Server;
    storage: Record<string, Folder>;
    listen(port: number, host: string, callback: () => void): void;
    close(callback: () => void): void;
  };
  export default function hoodiecrow(options: {
    plugins?: string[];
    storage?: Record<string, Folder>;
    debug?: boolean;
  }): HoodiecrowServer;
}
