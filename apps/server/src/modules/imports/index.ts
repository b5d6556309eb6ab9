import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { InvitationService } from '../invitations/index.js';
import { createImportProcessing } from './import-processing.js';
import { importLogRoutes } from './import-logs.js';
import { importSourceRoutes } from './import-sources.js';
import { inviteeCreateRoutes } from './invitee-create.js';
import { inviteePoolRoutes } from './invitee-pool.js';

/**
 * The invitee data flow's imports (issue 18, docs/data-flow.md): import sources, uploads and their pg-boss
 * processing with the elimination rules, the create-invitee form and the invitee pool.
 */
export function importRoutes(
  app: FastifyInstance,
  deps: { db: Db; jobs: JobQueue; invitations: InvitationService; logger: FastifyBaseLogger },
): void {
  const processing = createImportProcessing(deps);
  importSourceRoutes(app, deps);
  importLogRoutes(app, { db: deps.db, processing });
  inviteeCreateRoutes(app, { db: deps.db, processing });
  inviteePoolRoutes(app, deps);
}

// The file rules, the row reader and the multipart upload, for modules that take labelled files (annotation works).
export { checkImportFile, readRows } from './import-file.js';
export { readUpload } from './import-logs.js';
// Files and multipart bodies as a browser sends them, for other modules' tests.
export { csvFile, multipartBody, XLSX_MIME, xlsxFile } from './imports-fixture.js';
