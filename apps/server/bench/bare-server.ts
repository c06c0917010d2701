/**
 * The bare baseline of `npm run bench` (bench/lists.bench.ts): a `node:http` server and a `pg`
 * pool of the app's size, nothing else: no framework, no ORM, no validation, no log. For each
 * request it knows (the exact path and query) it runs the very SQL the app runs for it, captured
 * from the app's own repository functions through drizzle's logger (same text, same parameters),
 * side by side as the app does, a search's count after its page and only when the page does not
 * tell the total (decisions 041 and 047), each prepared once per connection as the app prepares
 * them (decision 029), and answers the rows as JSON with the total in X-Total-Count, or past a
 * search's cap the cap in X-Total-Count-Exceeds.
 * Anything else is a 404.
 *
 * With `BARE_HTTP=hono` the same answers go out through Hono on `@hono/node-server` (the app's
 * HTTP layer, without its middleware, validation, ORM or presenters): `BENCH_HONO=1 npm run
 * bench:lists` measures it beside the two, to tell the framework's share from the app's own.
 *
 * Run as a process of its own by the bench: `BARE_QUERIES=<file> DATABASE_URL=... PORT=...`.
 * The file maps each request's path and query to the statements of its answer:
 * `{ "/api/pets?adopted=false": { "rows": {text, params}, "total": {text, params} | null, "limit": 24 } }`.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

export interface Statement {
  text: string;
  params: unknown[];
}

/** What the bare server runs for one request: the page's rows and, where the app counts, the total. */
export interface BareAnswer {
  rows: Statement;
  total: Statement | null;
  /** Rows shown (the app reads one more, to know there is a next page). */
  limit: number;
  /** A search's count stops past this (it counts at most `cap + 1` matches). */
  cap?: number;
}

function main() {
  const answers = JSON.parse(readFileSync(process.env.BARE_QUERIES!, 'utf8')) as Record<
    string,
    BareAnswer
  >;
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  // one name per SQL text: PostgreSQL parses and plans each once per connection
  const names = new Map<string, string>();
  const run = ({ text, params }: Statement) => {
    if (!names.has(text)) names.set(text, `bare_${names.size}`);
    return pool.query({ name: names.get(text), text, values: params });
  };
  const counted = (result: pg.QueryResult) => Number(Object.values(result.rows[0] ?? {})[0] ?? 0);
  /** The answer to a known request: its headers and JSON body, whichever server sends it. */
  const answerOf = async (answer: BareAnswer) => {
    let rows: pg.QueryResult;
    let total: number | null;
    if (answer.cap === undefined) {
      const [page, count] = await Promise.all([
        run(answer.rows),
        answer.total && run(answer.total),
      ]);
      rows = page;
      total = count ? counted(count) : null;
    } else {
      // a search: the page first (one row more than it shows); counted only when a page follows
      rows = await run(answer.rows);
      total =
        rows.rows.length > answer.limit && answer.total
          ? counted(await run(answer.total))
          : Math.min(rows.rows.length, answer.limit);
    }
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (total !== null) {
      if (answer.cap !== undefined && total > answer.cap) {
        headers['x-total-count-exceeds'] = String(answer.cap);
      } else {
        headers['x-total-count'] = String(total);
      }
    }
    return { headers, body: JSON.stringify(rows.rows.slice(0, answer.limit)) };
  };
  const port = Number(process.env.PORT);
  const server =
    process.env.BARE_HTTP === 'hono'
      ? honoServer(answers, answerOf, port)
      : nodeServer(answers, answerOf, port);
  process.on('SIGTERM', () => {
    server.close();
    if ('closeAllConnections' in server) server.closeAllConnections();
    void pool.end();
  });
}

type AnswerOf = (answer: BareAnswer) => Promise<{ headers: Record<string, string>; body: string }>;

function nodeServer(answers: Record<string, BareAnswer>, answerOf: AnswerOf, port: number) {
  const server = http.createServer((req, res) => {
    const answer = answers[req.url ?? ''];
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    answerOf(answer).then(
      ({ headers, body }) => res.writeHead(200, headers).end(body),
      (err: Error) => res.writeHead(500).end(err.message),
    );
  });
  server.keepAliveTimeout = 5000;
  return server.listen(port, '127.0.0.1');
}

function honoServer(answers: Record<string, BareAnswer>, answerOf: AnswerOf, port: number) {
  const app = new Hono();
  app.get('*', async (c) => {
    const url = new URL(c.req.url);
    const answer = answers[url.pathname + url.search];
    if (!answer) return c.body(null, 404);
    const { headers, body } = await answerOf(answer);
    return c.body(body, 200, headers);
  });
  app.onError((err, c) => c.text(err.message, 500));
  return serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
}

if (process.env.BARE_QUERIES) main();
