import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SiteFolders } from '../plugins/app/sites.ts';

/**
 * One built site in a temporary folder, as `siteFolders` takes it: its index.html, and a server
 * build beside it (`dist-server/entry-server.js`, an ES module as the apps' builds are, their
 * package.json says so). The other sites' folders are named and empty.
 */
export function siteBuild(
  site: keyof SiteFolders,
  { template, serverBuild }: { template: string; serverBuild: string },
): { folders: SiteFolders; remove(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fansite-site-build-'));
  const folders: SiteFolders = {
    main: path.join(root, 'web'),
    fm: path.join(root, 'fm'),
    subscriber: path.join(root, 'sites'),
  };
  fs.mkdirSync(folders[site], { recursive: true });
  fs.writeFileSync(path.join(folders[site], 'index.html'), template);
  fs.mkdirSync(path.join(root, 'dist-server'));
  fs.writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), serverBuild);
  fs.writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }');
  return { folders, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
