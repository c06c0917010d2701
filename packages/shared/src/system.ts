import { z } from 'zod';

/** How a service the server uses answered its readiness check (`not-used`: not configured). */
export const dependencyStatusSchema = z.enum(['ok', 'unreachable', 'not-used']);
export type DependencyStatus = z.infer<typeof dependencyStatusSchema>;

/**
 * GET /api/ready, 200: this process takes requests. The database is required (503 without it);
 * Redis and the object store are reported: every process shares them, so one that does not
 * answer takes no process out of the balancer (decision 038).
 */
export const readinessSchema = z.object({
  status: z.literal('ready'),
  checks: z.object({
    database: z.literal('ok'),
    redis: dependencyStatusSchema,
    storage: dependencyStatusSchema,
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
