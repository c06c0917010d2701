import { filtersOfQuery } from '@pet-haven/shared/saved-searches';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { petAlertMail } from '../mail/mail.templates';
import { notify } from '../notifications/notifications.service';
import { newPetsMatching } from '../pets/pets.service';
import * as repo from './saved-searches.repository';

const BATCH = 20;
/** Pets named in one alert; the mail's link shows them all. */
export const ALERT_PETS_SHOWN = 5;
const DAY_MS = 86_400_000;

type AlertDeps = Pick<AppDeps, 'config' | 'mailer' | 'database' | 'now' | 'logger'>;

/**
 * The saved-search alert job (every process runs it now and then): for each search with alerts on
 * that was not mailed in the last day, the pets added since it was last checked that match it
 * (still looking for a home, not the searcher's own) are mailed to its owner, under the topic
 * `pet-alerts` (with its unsubscribe link). Each batch is claimed (SKIP LOCKED), mailed through the
 * outbox and marked in one transaction: two processes never mail one search twice, and a crash
 * mails nothing half. Answers how many alerts were written.
 */
export async function sendSavedSearchAlerts(deps: AlertDeps): Promise<number> {
  let alerted = 0;
  let afterId: string | null = null;
  for (;;) {
    const now = deps.now();
    const batch: { claimed: number; lastId: string | null; alerted: number } =
      await deps.database.db.transaction(async (tx) => {
        const due = await repo.claimDueSearches(
          tx,
          new Date(now.getTime() - DAY_MS),
          afterId,
          BATCH,
        );
        let written = 0;
        for (const search of due) {
          const filters = filtersOfQuery(search.query);
          const matches = filters
            ? await newPetsMatching(
                deps,
                tx,
                filters,
                search.checkedUntil,
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
          await repo.markChecked(tx, search.id, sent ? now : null);
          if (sent) written += 1;
        }
        return { claimed: due.length, lastId: due.at(-1)?.id ?? null, alerted: written };
      });
    alerted += batch.alerted;
    if (batch.alerted > 0) deps.mailer.wake();
    if (batch.claimed < BATCH) return alerted;
    afterId = batch.lastId;
  }
}
