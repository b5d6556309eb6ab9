import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { ensureConsoleClient } from '../demo/seed-identity.js';
import { ensureWidgetCatalogue } from '../modules/widgets/ensure-widget-catalogue.js';
import { OperatorInputError, ensureOperator } from './operator.js';

// `npm run setup -- --operator <name>`: prepares the configured database (DATABASE_URL or the PGlite files
// under DATA_DIR) and creates the tenantless installation operator. The password comes from
// LOUPE_OPERATOR_PASSWORD or, on a terminal, from a prompt; never from the command line.
const usage =
  'Usage: LOUPE_OPERATOR_PASSWORD=… npm run setup -- --operator <name>\n' +
  '   or: npm run setup -- --operator <name>   (asks for the password on a terminal)';

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const { values } = parseArgs({
  options: {
    operator: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const userName = values.operator?.trim();
if (!userName) fail(usage, 2);

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stdout.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    let answer = '';
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.removeListener('data', onData);
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
        else if (char >= ' ') answer += char;
      }
    };
    input.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.LOUPE_OPERATOR_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    fail('Set LOUPE_OPERATOR_PASSWORD, or run the command on a terminal to be asked for the password.', 2);
  }
  const password = await askHidden(`Password for ${userName}: `);
  const again = await askHidden('Repeat the password: ');
  if (password !== again) fail('The passwords differ; nothing was changed.', 2);
  return password;
}

const password = await readPassword();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  await ensureConsoleClient(database.db);
  await ensureWidgetCatalogue(database.db);
  const { created } = await ensureOperator(database.db, { userName, password });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  process.stdout.write(
    created
      ? `Created the installation operator ${userName} (${where}). Sign in with it to create tenants.\n`
      : `A user named ${userName} exists already (${where}); it was left unchanged.\n`,
  );
} catch (error) {
  if (error instanceof OperatorInputError) fail(error.message, 2);
  throw error;
} finally {
  await database.close();
}
