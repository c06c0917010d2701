import { filtersOfQuery } from '@pet-haven/shared/saved-searches';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { petAlertMail } from '../mail/mail.templates';
import { notify } from '../notifications/notifications.service';
import { newPetsMatching } from '../pets/pets.service';
import * as repo from './saved-searches.repository';
import type { SavedSearchRow } from './saved-searches.repository';

const BATCH = 20;
/** Pets named in one alert; the mail's link shows them all. */
export const ALERT_PETS_SHOWN = 5;
const DAY_MS = 86_400_000;
/**
 * A pet is mailed once it was added this long ago: time enough for any transaction that added a
 * pet to have ended (a run sees pets up to then, the next run those after).
 */
const SETTLE_SECONDS = 60;

type AlertDeps = Pick<AppDeps, 'config' | 'mailer' | 'database' | 'now' | 'logger'>;
type Tx = Parameters<Parameters<AlertDeps['database']['db']['transaction']>[0]>[0];

/**
 * The saved-search alert job (every process runs it now and then). For each search with alerts
 * on, not mailed in the last day (`deps.now`), with a pet added since it was last checked: the
 * pets added in between that match it (still looking for a home, not the searcher's own) are
 * mailed to its owner under the topic `pet-alerts`, with its unsubscribe link. A run considers
 * pets added up to a minute ago by the database's clock and the next run those after, so each pet
 * is considered once. Each batch is claimed (SKIP LOCKED), mailed through the outbox and marked in
 * one transaction: two processes never mail a search twice, and a crash mails nothing half. A
 * search that fails is logged and skipped (its savepoint rolled back), not the batch. Answers how
 * many alerts were written.
 */
export async function sendSavedSearchAlerts(
  deps: AlertDeps,
  { settleSeconds = SETTLE_SECONDS }: { settleSeconds?: number } = {},
): Promise<number> {
  let alerted = 0;
  let afterId: string | null = null;
  for (;;) {
    const now = deps.now();
    const batch: { claimed: number; lastId: string | null; alerted: number } =
      await deps.database.db.transaction(async (tx) => {
        const until = await repo.settledUntil(tx, settleSeconds);
        const due = await repo.claimDueSearches(
          tx,
          new Date(now.getTime() - DAY_MS),
          until,
          afterId,
          BATCH,
        );
        let written = 0;
        for (const search of due) {
          try {
            if (await tx.transaction((sp) => alertOne(deps, sp, search, until, now))) written += 1;
          } catch (err) {
            deps.logger.warn({ err, savedSearchId: search.id }, 'Pet alert skipped');
          }
        }
        return { claimed: due.length, lastId: due.at(-1)?.id ?? null, alerted: written };
      });
    alerted += batch.alerted;
    if (batch.alerted > 0) deps.mailer.wake();
    if (batch.claimed < BATCH) return alerted;
    afterId = batch.lastId;
  }
}

/** Checks one claimed search: mails its new matches, if any; answers whether it mailed. */
async function alertOne(
  deps: AlertDeps,
  tx: Tx,
  search: SavedSearchRow,
  until: Date,
  now: Date,
): Promise<boolean> {
  const filters = filtersOfQuery(search.query);
  const matches = filters
    ? await newPetsMatching(
        deps,
        tx,
        filters,
        { after: search.checkedUntil, until },
        search.userId,
        ALERT_PETS_SHOWN + 1,
      ).catch((err: unknown) => {
        // a place gone from the gazetteer: the search finds nothing until it is changed
        if (err instanceof AppError && err.status === 400) return [];
        throw err;
      })
    : [];
  const sent =
    matches.length > 0 &&
    (await notify(deps, tx, search.userId, 'pet-alerts', ({ name }) =>
      petAlertMail({
        name,
        searchName: search.name,
        query: search.query,
        pets: matches.slice(0, ALERT_PETS_SHOWN),
        more: matches.length > ALERT_PETS_SHOWN,
        site: deps.mailer.site,
      }),
    ));
  await repo.markChecked(tx, search.id, until, sent ? now : null);
  return sent;
}
