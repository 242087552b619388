/**
 * The tables as drizzle sees them. migrations/*.sql creates them; schema.test.ts
 * checks that the two agree, column by column.
 */
import { bigint, boolean, customType, doublePrecision, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DisplayConfig, DisplayStatus } from '@/lib/realtime/events';

/** Epoch milliseconds; 2^53 ms is far beyond any date the wallboard meets. */
const epochMs = (name: string) => bigint(name, { mode: 'number' });

/**
 * jsonb as the drivers return it (already parsed). drizzle's own jsonb parses
 * strings a second time, which would read a stored "123" back as the number 123.
 */
const jsonDocument = <T>(name: string) =>
  customType<{ data: T; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(value),
  })(name);

export const cdrs = pgTable(
  'cdrs',
  {
    fromCallId: text('from_call_id').notNull(),
    fromId: text('from_id'),
    fromUser: text('from_user'),
    fromDomain: text('from_domain'),
    fromName: text('from_name'),
    toCallId: text('to_call_id').notNull(),
    toId: text('to_id'),
    toUser: text('to_user'),
    toDomain: text('to_domain'),
    toName: text('to_name'),
    startTime: epochMs('start_time').notNull(),
    answerTime: epochMs('answer_time'),
    endTime: epochMs('end_time').notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    receivedAt: epochMs('received_at').notNull(),
  },
  (table) => [
    primaryKey({ name: 'cdrs_pkey', columns: [table.fromCallId, table.toCallId, table.startTime] }),
    index('cdrs_end_time_idx').on(table.endTime),
  ],
);

export const subscription = pgTable('subscription', {
  singleton: boolean('singleton').primaryKey().default(true),
  id: text('id').notNull(),
  postUri: text('post_uri').notNull(),
  expiresAt: epochMs('expires_at').notNull(),
  state: text('state', { enum: ['preparing', 'ready'] }).notNull(),
  updatedAt: epochMs('updated_at').notNull(),
});

export const displays = pgTable(
  'displays',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    config: jsonDocument<DisplayConfig>('config').notNull(),
    createdAt: epochMs('created_at').notNull(),
    lastSeenAt: epochMs('last_seen_at'),
    status: jsonDocument<DisplayStatus>('status'),
    revokedAt: epochMs('revoked_at'),
  },
  (table) => [uniqueIndex('displays_token_hash_idx').on(table.tokenHash)],
);

export const pairings = pgTable(
  'pairings',
  {
    code: text('code').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    createdAt: epochMs('created_at').notNull(),
    expiresAt: epochMs('expires_at').notNull(),
    displayId: text('display_id'),
  },
  (table) => [index('pairings_expires_at_idx').on(table.expiresAt)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonDocument<unknown>('value'),
});
