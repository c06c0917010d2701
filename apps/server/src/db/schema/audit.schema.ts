import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { userRef } from './auth.schema';
import { createdAt } from './columns';

/** Every admin action: who, what, when, and the state before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: userRef('actor_id', 'set null'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
    /**
     * Order of writing, from a sequence: breaks ties between entries with the same created_at
     * (one transaction's entries share now(); PGlite's clock counts milliseconds).
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.seq.desc()),
    // an admin's account deletion (`set null`) finds their entries without reading the whole log
    index('audit_log_actor_idx').on(t.actorId),
  ],
);
