import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { FtpSrv } from 'ftp-srv';
import { createLogger } from '../logger.js';

/**
 * A local FTP server (ftp-srv) writing what it receives into a temporary folder: the FTP exports' receiving end in
 * tests (ARCHITECTURE §4). One user, `user` / `password`; passive transfers on 127.0.0.1 within `pasv`.
 */
export type FtpReceiver = {
  /** `ftp://127.0.0.1:<port>`, for an export's FtpUrl. */
  url: string;
  root: string;
  user: string;
  password: string;
  /** Every file received, by its path under the root (`/in/…/answers-….csv`), sorted. */
  files(): Promise<string[]>;
  read(path: string): Promise<Buffer>;
  close(): Promise<void>;
};

export async function startFtpReceiver({
  port = 0,
  pasv = { min: 3781, max: 3789 },
  user = 'loupe',
  password = 'Ftp-Secret-1',
}: {
  port?: number;
  pasv?: { min: number; max: number };
  user?: string;
  password?: string;
} = {}): Promise<FtpReceiver> {
  const root = await mkdtemp(join(tmpdir(), 'loupe-ftp-'));
  const server = new FtpSrv({
    url: `ftp://127.0.0.1:${port}`,
    pasv_url: '127.0.0.1',
    pasv_min: pasv.min,
    pasv_max: pasv.max,
    anonymous: false,
    log: createLogger('silent'),
  });
  server.on('login', ({ username, password: given }, resolve, reject) => {
    if (username === user && given === password) resolve({ root });
    else reject(new Error('invalid user name or password'));
  });
  await server.listen();
  const address = (server as unknown as { server: { address(): AddressInfo } }).server.address();

  async function walk(folder: string): Promise<string[]> {
    const entries = await readdir(folder, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((entry) =>
        entry.isDirectory() ? walk(join(folder, entry.name)) : Promise.resolve([join(folder, entry.name)]),
      ),
    );
    return nested.flat();
  }

  return {
    url: `ftp://127.0.0.1:${address.port}`,
    root,
    user,
    password,
    files: async () => (await walk(root)).map((file) => `/${relative(root, file)}`).sort(),
    read: (path) => readFile(join(root, path)),
    async close() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
