import type { RouteObject } from 'react-router';

/**
 * The FTP export screens under the shell (shell spec: export-ftp-surveys-answer, …/create, …/{id}); lazy.
 */
export const ftpExportsRoutes: RouteObject[] = [
  {
    path: 'export-ftp-surveys-answer',
    lazy: async () => ({ Component: (await import('./components/ftp-exports-page')).FtpExportsPage }),
  },
  {
    path: 'export-ftp-surveys-answer/create',
    lazy: async () => ({ Component: (await import('./components/ftp-export-page')).FtpExportPage }),
  },
  {
    path: 'export-ftp-surveys-answer/:id',
    lazy: async () => ({ Component: (await import('./components/ftp-export-page')).FtpExportPage }),
  },
];
