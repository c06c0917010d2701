import { z } from 'zod';

/** GET /api/admin/mail-status (admins): how the site's mail leaves, and what waits. */
export const mailStatusSchema = z
  .object({
    delivery: z
      .enum(['smtp', 'files'])
      .describe('smtp: SMTP_URL is set; files: mail is only written under DATA_DIR/mail'),
    pending: z.number().int().describe('Messages not sent yet (new, or waiting to be tried again)'),
    failed: z.number().int().describe('Messages given up after every attempt'),
  })
  .meta({ id: 'MailStatus' });
export type MailStatus = z.infer<typeof mailStatusSchema>;
