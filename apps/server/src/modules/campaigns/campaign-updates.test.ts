import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignVia, daysFromToday, donateVia } from '../../../test/helpers/campaigns';
import { startSmtpPeer, type SmtpPeer } from '../../../test/helpers/smtp-peer';
import { useTestContext, useUsers } from '../../../test/helpers/test-app';
import { notifyEndedCampaigns, notifyGoalsReached } from './campaign-updates.service';

// Organisers hear when a campaign reaches its maximum or its last date, once.
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());
let clock = new Date();
const ctx = useTestContext(() => ({ SMTP_URL: smtp.url }), { now: () => clock });
const { organiser, quiet, donor } = useUsers(ctx, {
  organiser: { name: 'Olga Organiser' },
  quiet: { name: 'Quinn Quiet' },
  donor: { name: 'Dana Donor' },
});

const subjectsTo = async (email: string) => {
  await ctx.deps.mailer.deliverDue();
  return smtp.to(email).map((m) => m.parsed.subject);
};

describe('campaign updates', () => {
  it('tells the organiser once when a donation fills the campaign', async () => {
    const campaign = await createCampaignVia(ctx, organiser.token, {
      petName: 'Full',
      maxDonationAmount: 30,
    });
    await donateVia(ctx, donor.token, campaign._id, 10);
    expect(await subjectsTo(organiser.email)).not.toContain(
      'Your campaign for Full reached its maximum',
    );
    await donateVia(ctx, donor.token, campaign._id, 20);
    const subjects = await subjectsTo(organiser.email);
    expect(subjects.filter((s) => s === 'Your campaign for Full reached its maximum')).toHaveLength(
      1,
    );
    const mail = smtp.to(organiser.email).find((m) => m.parsed.subject?.includes('Full'))!;
    expect(mail.parsed.text).toContain('has raised its maximum of $30.00');
  });

  it('tells the organiser once, whichever of two processes runs the job, when the process that filled the campaign stopped before telling', async () => {
    const campaign = await createCampaignVia(ctx, organiser.token, {
      petName: 'Brimful',
      maxDonationAmount: 25,
    });
    await donateVia(ctx, donor.token, campaign._id, 25);
    expect(await subjectsTo(organiser.email)).toContain(
      'Your campaign for Brimful reached its maximum',
    );
    // told: nothing is left for the job
    expect(await notifyGoalsReached(ctx.deps)).toBe(0);

    // what a process that recorded the filling donation and stopped before telling leaves behind
    await ctx.database.db.execute(
      sql`insert into campaign_goal_notices (campaign_id, maximum_cents) values (${campaign._id}, 2500)`,
    );
    const other = { ...ctx.deps };
    const [a, b] = await Promise.all([notifyGoalsReached(ctx.deps), notifyGoalsReached(other)]);
    expect(a + b).toBe(1);
    expect(await notifyGoalsReached(ctx.deps)).toBe(0);
    const subjects = await subjectsTo(organiser.email);
    expect(
      subjects.filter((s) => s === 'Your campaign for Brimful reached its maximum'),
    ).toHaveLength(2);
  });

  it('tells each organiser once when the last date passes, whichever of two processes runs the job', async () => {
    clock = new Date();
    const ending = await createCampaignVia(ctx, organiser.token, {
      petName: 'Ending',
      lastDate: daysFromToday(1),
    });
    await donateVia(ctx, donor.token, ending._id, 12);
    await createCampaignVia(ctx, quiet.token, { petName: 'Hushed', lastDate: daysFromToday(1) });
    await createCampaignVia(ctx, organiser.token, {
      petName: 'Later',
      lastDate: daysFromToday(30),
    });
    await ctx.request('/api/user/notifications', {
      method: 'PUT',
      token: quiet.token,
      json: {
        'adoption-requests': true,
        'adoption-decisions': true,
        'adoption-messages': true,
        'campaign-updates': false,
        'pet-alerts': true,
      },
    });

    // not yet ended anywhere on Earth
    expect(await notifyEndedCampaigns(ctx.deps)).toBe(0);

    clock = new Date(Date.now() + 3 * 86_400_000);
    const other = { ...ctx.deps };
    const [a, b] = await Promise.all([notifyEndedCampaigns(ctx.deps), notifyEndedCampaigns(other)]);
    expect(a + b).toBe(2);
    expect(await notifyEndedCampaigns(ctx.deps)).toBe(0);

    const subjects = await subjectsTo(organiser.email);
    expect(subjects.filter((s) => s === 'Your campaign for Ending has ended')).toHaveLength(1);
    expect(subjects).not.toContain('Your campaign for Later has ended');
    const mail = smtp
      .to(organiser.email)
      .find((m) => m.parsed.subject === 'Your campaign for Ending has ended')!;
    expect(mail.parsed.text).toContain('It raised $12.00 of its $500.00 maximum');
    // turned off: claimed, not mailed
    expect(await subjectsTo(quiet.email)).toEqual([]);
  });
});
