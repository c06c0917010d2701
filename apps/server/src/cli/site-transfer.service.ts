/**
 * Moving a whole site from one database and picture store to another (decision 039), e.g. from
 * the embedded PGlite of `npm start` to PostgreSQL and an S3 bucket:
 *
 *   npm run admin -- export site.jsonl            (the old settings)
 *   DATABASE_URL=... S3_BUCKET=... npm run admin -- import site.jsonl
 *
 * The file is JSON lines: a `site` line (format, version, the last migration), then per table a
 * `table` line (name, columns, row count and checksum) followed by its rows, one JSON text each as
 * the database wrote it, then a `files` line and one `file` line per stored picture file (name,
 * SHA-256, bytes in base64), then `end` with their number. Rows are read in one repeatable-read
 * transaction (one consistent snapshot). The import refuses a database that holds any row, or one
 * at another migration; it writes everything in one transaction, checks each table's count and
 * checksum and each file's SHA-256 before it commits, and so leaves either the whole site or no
 * row.
 */
import { createHash } from 'node:crypto';
import type { AppDeps } from '../app-deps';
import type { DbOrTx } from '../db/client';
import { storedFileNamesOf } from '../modules/images/images.service';
import { loadPlacesIfEmpty } from '../modules/places/places.loader';
import * as repo from './site-transfer.repository';

export const TRANSFER_FORMAT = 'pet-haven-site';
const TRANSFER_VERSION = 1;
const BATCH = 500;

type TransferDeps = Pick<AppDeps, 'database' | 'imageStorage'>;

interface SiteLine {
  kind: 'site';
  format: string;
  version: number;
  migration: string | null;
  exportedAt: string;
}
interface TableLine {
  kind: 'table';
  name: string;
  columns: string[];
  count: number;
  checksum: string;
  /** Kept by triggers: no rows follow; checked once every table is written. */
  derived?: true;
}
interface FileLine {
  kind: 'file';
  name: string;
  sha256: string;
  data: string;
}

export interface TransferSummary {
  tables: { name: string; count: number; checksum: string }[];
  files: number;
}

/** A file or a target the import refuses, said in words for the command line. */
export class TransferError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TransferError';
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The tables in an order where each comes after the tables it refers to. */
async function tablesInOrder(db: DbOrTx): Promise<string[]> {
  const tables = await repo.listTables(db);
  const refersTo = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { from, to } of await repo.listReferences(db)) {
    if (from !== to && refersTo.has(to)) refersTo.get(from)?.add(to);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table)) return;
    if (path.has(table)) throw new Error(`Tables refer to each other in a cycle: ${table}`);
    path.add(table);
    for (const to of refersTo.get(table) ?? []) visit(to, path);
    path.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** Writes the site to `write`, one line at a time (each without its newline). */
export async function exportSite(
  deps: TransferDeps,
  write: (line: string) => Promise<void>,
): Promise<TransferSummary> {
  const summary: TransferSummary = { tables: [], files: 0 };
  const images = await deps.database.maintenance((db) =>
    db.transaction(
      async (tx) => {
        await repo.useUtc(tx);
        const site: SiteLine = {
          kind: 'site',
          format: TRANSFER_FORMAT,
          version: TRANSFER_VERSION,
          migration: await repo.lastMigration(tx),
          exportedAt: new Date().toISOString(),
        };
        await write(JSON.stringify(site));
        for (const name of await tablesInOrder(tx)) {
          const { count, checksum } = await repo.tableChecksum(tx, name);
          const columns = await repo.writableColumns(tx, name);
          const derived = repo.isDerivedTable(name);
          const table: TableLine = {
            kind: 'table',
            name,
            columns,
            count,
            checksum,
            ...(derived && { derived: true as const }),
          };
          await write(JSON.stringify(table));
          summary.tables.push({ name, count, checksum });
          if (derived) continue;
          let written = 0;
          for await (const rows of repo.readRows(tx, name, BATCH)) {
            for (const row of rows) await write(row);
            written += rows.length;
          }
          if (written !== count) throw new Error(`${name}: read ${written} rows of ${count}`);
        }
        return repo.listImages(tx);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ),
  );
  // one picture file in memory at a time; the end line says how many there were
  await write(JSON.stringify({ kind: 'files' }));
  for (const name of images.flatMap(storedFileNamesOf)) {
    const data = await deps.imageStorage.get(name);
    // an image has the widths its original allowed, an AVIF twin when it was smaller
    if (!data) continue;
    const file: FileLine = {
      kind: 'file',
      name,
      sha256: sha256(data),
      data: data.toString('base64'),
    };
    await write(JSON.stringify(file));
    summary.files += 1;
  }
  await write(JSON.stringify({ kind: 'end', files: summary.files }));
  return summary;
}

/**
 * Reads a site written by `exportSite` into an empty, migrated database and its picture store.
 * Throws a TransferError (nothing written to the database) when the target holds rows, is at
 * another migration, or the file is not whole.
 */
export async function importSite(
  deps: TransferDeps,
  lines: AsyncIterable<string>,
): Promise<TransferSummary> {
  const { database } = deps;
  // at once: a readline interface drops the lines it reads before its iterator exists
  const iterator = lines[Symbol.asyncIterator]();
  // the gazetteer first (pets refer to its places; its ids are the package's own)
  await database.maintenance((db) => loadPlacesIfEmpty(db));
  return database.maintenance((db) =>
    db.transaction(async (tx) => {
      await repo.useUtc(tx);
      const next = async (what: string): Promise<string> => {
        const { value, done } = await iterator.next();
        if (done) throw new TransferError(`The file ends early: ${what} expected.`);
        return value;
      };
      const parse = <T>(line: string, what: string): T => {
        try {
          return JSON.parse(line) as T;
        } catch {
          throw new TransferError(`The file is not a Pet Haven site: ${what} expected.`);
        }
      };

      const site = parse<SiteLine>(await next('the site line'), 'the site line');
      if (site.kind !== 'site' || site.format !== TRANSFER_FORMAT) {
        throw new TransferError('The file is not a Pet Haven site export.');
      }
      if (site.version !== TRANSFER_VERSION) {
        throw new TransferError(
          `The file is of version ${site.version}; this site reads ${TRANSFER_VERSION}.`,
        );
      }
      const target = await repo.lastMigration(tx);
      if (site.migration !== target) {
        throw new TransferError(
          'The file was exported at another database version than this one: update both sites to the same release first.',
        );
      }
      const tables = await tablesInOrder(tx);
      for (const table of tables) {
        if (await repo.hasRows(tx, table)) {
          throw new TransferError(
            `The target database is not empty (table ${table} has rows): import only into a new database.`,
          );
        }
      }

      const summary: TransferSummary = { tables: [], files: 0 };
      const check = async (table: TableLine) => {
        const written = await repo.tableChecksum(tx, table.name);
        if (written.count !== table.count || written.checksum !== table.checksum) {
          throw new TransferError(
            `${table.name}: ${written.count} rows with checksum ${written.checksum} after the import, ` +
              `${table.count} with ${table.checksum} in the file.`,
          );
        }
        summary.tables.push({ name: table.name, count: table.count, checksum: table.checksum });
      };
      const derived: TableLine[] = [];
      let line = await next('a table or the files');
      while (parse<{ kind: string }>(line, 'a table').kind === 'table') {
        const table = parse<TableLine>(line, 'a table');
        if (!tables.includes(table.name)) {
          throw new TransferError(`The file has a table this site does not: ${table.name}.`);
        }
        const columns = await repo.writableColumns(tx, table.name);
        if (columns.join() !== table.columns.join()) {
          throw new TransferError(`The columns of ${table.name} differ from this site's.`);
        }
        if (table.derived !== undefined) {
          if (!repo.isDerivedTable(table.name)) {
            throw new TransferError(`${table.name} is not kept by this site's database itself.`);
          }
          derived.push(table);
          line = await next('a table or the files');
          continue;
        }
        if (repo.isDerivedTable(table.name)) {
          throw new TransferError(
            `${table.name} is kept by the database: the file must not hold its rows.`,
          );
        }
        let batch: string[] = [];
        for (let i = 0; i < table.count; i++) {
          batch.push(await next(`row ${i + 1} of ${table.name}`));
          if (batch.length === BATCH) {
            await repo.insertRows(tx, table.name, columns, batch);
            batch = [];
          }
        }
        await repo.insertRows(tx, table.name, columns, batch);
        await repo.advanceSequences(tx, table.name, columns);
        await check(table);
        line = await next('a table or the files');
      }
      // what the triggers made from the rows written
      for (const table of derived) await check(table);
      if (summary.tables.length !== tables.length) {
        throw new TransferError(
          `The file holds ${summary.tables.length} tables; this site has ${tables.length}.`,
        );
      }
      if (parse<{ kind: string }>(line, 'the files line').kind !== 'files') {
        throw new TransferError('The file has no files line.');
      }
      // the stored files the imported pictures may have (storage refuses any other name too)
      const pictureNames = new Set((await repo.listImages(tx)).flatMap(storedFileNamesOf));
      for (;;) {
        const entry = parse<FileLine | { kind: 'end'; files: number }>(
          await next('a picture file or the end line'),
          'a picture file',
        );
        if (entry.kind === 'end') {
          if (entry.files !== summary.files) {
            throw new TransferError(
              `The file should hold ${entry.files} picture files, not ${summary.files}.`,
            );
          }
          break;
        }
        if (entry.kind !== 'file' || typeof entry.data !== 'string') {
          throw new TransferError(
            'The file has a line that is neither a picture file nor the end.',
          );
        }
        if (!pictureNames.has(entry.name)) {
          throw new TransferError(`File ${entry.name} belongs to no picture of the site.`);
        }
        const data = Buffer.from(entry.data, 'base64');
        if (sha256(data) !== entry.sha256) {
          throw new TransferError(`File ${entry.name} does not match its SHA-256.`);
        }
        await deps.imageStorage.put(entry.name, data);
        summary.files += 1;
      }
      return summary;
    }),
  );
}
