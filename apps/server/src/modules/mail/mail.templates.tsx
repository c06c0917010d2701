import type { Receipt } from '@pet-haven/shared/receipts';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * Every message the site sends is made here (decision 031): a template per kind answers a
 * `MailContent` (plain strings and one optional link), and one layout turns it into the HTML part
 * (React, which escapes every text it draws) and the plain-text part. No template writes HTML or
 * headers itself, so a user's name cannot add markup or a header line.
 */
export interface MailContent {
  kind: MailKind;
  subject: string;
  /** The paragraphs before the button. */
  intro: string[];
  /** The one thing to do, as a button in HTML and a bare link in text. */
  action?: { label: string; url: string };
  /** The paragraphs after the button (what to do if the mail was not expected). */
  outro?: string[];
  /**
   * Notifications only (security mail has none): `page`, the link in the message, opens the page
   * that turns this kind of mail off; `oneClick` is what mail programs POST to at once
   * (List-Unsubscribe-Post, RFC 8058).
   */
  unsubscribe?: { page: string; oneClick: string };
}

export type MailKind =
  | 'password-reset'
  | 'email-verification'
  | 'magic-link'
  | 'adoption-request'
  | 'adoption-decision'
  | 'adoption-withdrawn'
  | 'adoption-confirmed'
  | 'adoption-closed'
  | 'adoption-message'
  | 'donation-receipt'
  | 'email-change'
  | 'account-deletion'
  | 'campaign-goal-reached'
  | 'campaign-ended'
  | 'pet-alert';

export interface SiteInfo {
  name: string;
  /** PUBLIC_URL: every link in a message starts with it. */
  url: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Text for a header line: control characters (CR and LF above all) become spaces. */
export function headerSafe(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

const colors = { text: '#1f2937', muted: '#6b7280', brand: '#0d9488', line: '#e5e7eb' };

function Layout({ content, site }: { content: MailContent; site: SiteInfo }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{headerSafe(content.subject)}</title>
      </head>
      <body style={{ margin: 0, padding: '24px 12px', background: '#f9fafb', color: colors.text }}>
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ maxWidth: 560, margin: '0 auto', background: '#ffffff', borderRadius: 8 }}
        >
          <tbody>
            <tr>
              <td style={{ padding: 24, fontFamily: 'Arial, Helvetica, sans-serif', fontSize: 16 }}>
                <p style={{ margin: '0 0 16px', fontSize: 20, fontWeight: 'bold' }}>
                  <a href={site.url} style={{ color: colors.brand, textDecoration: 'none' }}>
                    {site.name}
                  </a>
                </p>
                {content.intro.map((p, i) => (
                  <p key={i} style={{ margin: '0 0 16px', lineHeight: 1.5 }}>
                    {p}
                  </p>
                ))}
                {content.action && (
                  <p style={{ margin: '24px 0' }}>
                    <a
                      href={content.action.url}
                      style={{
                        display: 'inline-block',
                        padding: '12px 20px',
                        background: colors.brand,
                        color: '#ffffff',
                        borderRadius: 6,
                        textDecoration: 'none',
                        fontWeight: 'bold',
                      }}
                    >
                      {content.action.label}
                    </a>
                  </p>
                )}
                {content.action && (
                  <p style={{ margin: '0 0 16px', fontSize: 13, color: colors.muted }}>
                    Or open this link: <a href={content.action.url}>{content.action.url}</a>
                  </p>
                )}
                {(content.outro ?? []).map((p, i) => (
                  <p key={i} style={{ margin: '0 0 16px', lineHeight: 1.5, color: colors.muted }}>
                    {p}
                  </p>
                ))}
                <hr
                  style={{
                    border: 0,
                    borderTop: `1px solid ${colors.line}`,
                    margin: '24px 0 12px',
                  }}
                />
                <p style={{ margin: 0, fontSize: 12, color: colors.muted }}>
                  {site.name} · <a href={site.url}>{site.url}</a>
                  {content.unsubscribe && (
                    <>
                      {' · '}
                      <a href={content.unsubscribe.page}>Unsubscribe from these e-mails</a>
                    </>
                  )}
                </p>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

function plainText(content: MailContent, site: SiteInfo): string {
  const blocks = [
    ...content.intro,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...(content.outro ?? []),
    `-- \n${site.name} · ${site.url}`,
    ...(content.unsubscribe ? [`Unsubscribe from these e-mails: ${content.unsubscribe.page}`] : []),
  ];
  return `${blocks.join('\n\n')}\n`;
}

/** The message's subject line and both of its parts. */
export function renderMail(content: MailContent, site: SiteInfo): RenderedMail {
  return {
    subject: headerSafe(content.subject),
    text: plainText(content, site),
    html: `<!doctype html>${renderToStaticMarkup(<Layout content={content} site={site} />)}`,
  };
}

// --- The templates, one per kind -----------------------------------------------------------

/** Forgot password: the link Better Auth made (valid 1 hour, once). */
export function passwordResetMail(input: {
  name: string;
  url: string;
  site: SiteInfo;
}): MailContent {
  return {
    kind: 'password-reset',
    subject: `Reset your ${input.site.name} password`,
    intro: [
      `Hello ${input.name},`,
      `Someone asked to reset the password of your ${input.site.name} account. The link below lets you choose a new one. It works once, for one hour.`,
    ],
    action: { label: 'Choose a new password', url: input.url },
    outro: [
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      'When you set a new password, every other device signed in to your account is signed out.',
    ],
  };
}

/** Sign-up (and "resend"): the link that verifies the account's address (valid 24 hours). */
export function emailVerificationMail(input: {
  name: string;
  url: string;
  site: SiteInfo;
}): MailContent {
  return {
    kind: 'email-verification',
    subject: `Confirm your e-mail address for ${input.site.name}`,
    intro: [
      `Hello ${input.name},`,
      `Welcome to ${input.site.name}! Confirm that this is your e-mail address to list pets, create donation campaigns and ask to adopt.`,
    ],
    action: { label: 'Confirm my e-mail address', url: input.url },
    outro: ['The link works for 24 hours. If you did not create an account, ignore this e-mail.'],
  };
}

/** Sign in with an e-mail link (from /login): valid 15 minutes, once. */
export function magicLinkMail(input: { name: string; url: string; site: SiteInfo }): MailContent {
  return {
    kind: 'magic-link',
    subject: `Your ${input.site.name} sign-in link`,
    intro: [
      `Hello ${input.name},`,
      `Here is the link you asked for to sign in to ${input.site.name} without your password.`,
    ],
    action: { label: 'Sign in to Pet Haven', url: input.url },
    outro: [
      'The link works once, for 15 minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without opening it.',
    ],
  };
}

/** A new adoption request, to the pet's owner. */
export function adoptionRequestMail(input: {
  name: string;
  petName: string;
  requesterName: string;
  site: SiteInfo;
}): MailContent {
  return {
    kind: 'adoption-request',
    subject: `${input.requesterName} asked to adopt ${input.petName}`,
    intro: [
      `Hello ${input.name},`,
      `${input.requesterName} would like to adopt ${input.petName}. Their phone number and address are with the request on your dashboard, where you can accept or reject it.`,
    ],
    action: {
      label: 'See adoption requests',
      url: `${input.site.url}/dashboard/adoption-requests`,
    },
  };
}

/** The owner accepted or rejected a request, to the requester. */
export function adoptionDecisionMail(input: {
  name: string;
  petName: string;
  accepted: boolean;
  site: SiteInfo;
}): MailContent {
  return {
    kind: 'adoption-decision',
    subject: input.accepted
      ? `Your request to adopt ${input.petName} was accepted`
      : `Your request to adopt ${input.petName} was not accepted`,
    intro: [
      `Hello ${input.name},`,
      input.accepted
        ? `Good news: the owner of ${input.petName} accepted your adoption request. They will contact you to arrange the next steps.`
        : `The owner of ${input.petName} did not accept your adoption request this time. There are many more pets looking for a home.`,
    ],
    action: input.accepted
      ? {
          label: 'See my adoption requests',
          url: `${input.site.url}/dashboard/my-adoption-requests`,
        }
      : { label: 'Find another pet', url: `${input.site.url}/petlist` },
  };
}

/** The requester withdrew a pending request, to the pet's owner. */
export function adoptionWithdrawnMail(input: {
  name: string;
  petName: string;
  requesterName: string;
  site: SiteInfo;
}): MailContent {
  return {
    kind: 'adoption-withdrawn',
    subject: `${input.requesterName} withdrew their request to adopt ${input.petName}`,
    intro: [
      `Hello ${input.name},`,
      `${input.requesterName} withdrew their request to adopt ${input.petName}. Nothing else changes: ${input.petName} is still listed.`,
    ],
    action: {
      label: 'See adoption requests',
      url: `${input.site.url}/dashboard/adoption-requests`,
    },
  };
}

/** The owner confirmed the adoption, to the adopter. */
export function adoptionConfirmedMail(input: {
  name: string;
  petName: string;
  site: SiteInfo;
}): MailContent {
  return {
    kind: 'adoption-confirmed',
    subject: `${input.petName} is yours: the adoption is confirmed`,
    intro: [
      `Hello ${input.name},`,
      `The owner of ${input.petName} confirmed the adoption. Thank you for giving ${input.petName} a home.`,
    ],
    action: {
      label: 'See my adoption requests',
      url: `${input.site.url}/dashboard/my-adoption-requests`,
    },
  };
}

/** The pet went to someone else: every other open request is closed, each requester told. */
export function adoptionClosedMail(input: {
  name: string;
  petName: string;
  site: SiteInfo;
}): MailContent {
  return {
    kind: 'adoption-closed',
    subject: `${input.petName} has found a home`,
    intro: [
      `Hello ${input.name},`,
      `Thank you for your interest in ${input.petName}. ${input.petName} has now been adopted by someone else, so your request is closed.`,
      'Many more pets are still waiting for a home, and one of them may be just right for you.',
    ],
    action: { label: 'Find another pet', url: `${input.site.url}/petlist` },
  };
}

/** A new message in the conversation on a request, to the other party. */
export function adoptionMessageMail(input: {
  name: string;
  petName: string;
  authorName: string;
  requestId: string;
  site: SiteInfo;
}): MailContent {
  return {
    kind: 'adoption-message',
    subject: `New message from ${input.authorName} about ${input.petName}`,
    intro: [
      `Hello ${input.name},`,
      `${input.authorName} wrote to you about the adoption of ${input.petName}. Read it and answer on the request's page.`,
    ],
    action: {
      label: 'Read the message',
      url: `${input.site.url}/dashboard/adoption/${input.requestId}`,
    },
  };
}

/** A donation recorded: the donor's receipt (always sent; the same receipt is a page). */
export function receiptMail(input: { receipt: Receipt; site: SiteInfo }): MailContent {
  const r = input.receipt;
  const amount = `${r.amount.toFixed(2)} ${r.currency}`;
  return {
    kind: 'donation-receipt',
    subject: `Your receipt ${r.number}: ${amount} for ${r.petName}`,
    intro: [
      `Hello ${r.donorName},`,
      `Thank you for your donation to the campaign for ${r.petName}. This is your receipt.`,
      `Receipt number: ${r.number}`,
      `Date: ${r.date.slice(0, 10)}`,
      `Amount: ${amount}`,
      `Campaign: ${r.petName}, organised by ${r.organiser}`,
      `Payment reference: ${r.paymentReference}`,
      ...(r.testMode
        ? ['Test mode: this payment was taken by the test provider and no money moved.']
        : []),
    ],
    action: {
      label: 'See and print the receipt',
      url: `${input.site.url}/dashboard/receipts/${r._id}`,
    },
    outro: ['Keep this e-mail for your records.'],
  };
}

/** Change of e-mail (profile): sent to the new address, which the link confirms (24 hours). */
export function emailChangeMail(input: { name: string; url: string; site: SiteInfo }): MailContent {
  return {
    kind: 'email-change',
    subject: `Confirm your new e-mail address for ${input.site.name}`,
    intro: [
      `Hello ${input.name},`,
      `You asked to use this address for your ${input.site.name} account. Open the link below to confirm it; until then your account keeps its old address.`,
    ],
    action: { label: 'Confirm my new address', url: input.url },
    outro: ['The link works for 24 hours. If you did not ask for this, ignore this e-mail.'],
  };
}

/** Delete my account, confirmed by a link instead of the password (valid 1 hour). */
export function accountDeletionMail(input: {
  name: string;
  url: string;
  site: SiteInfo;
}): MailContent {
  return {
    kind: 'account-deletion',
    subject: `Confirm that you want to delete your ${input.site.name} account`,
    intro: [
      `Hello ${input.name},`,
      `You asked to delete your ${input.site.name} account. Open the link below and confirm there to delete it for good: your pets and open adoption requests are removed, campaigns that received donations are closed, and your donations stay on their campaigns as a deleted user's.`,
    ],
    action: { label: 'Delete my account', url: input.url },
    outro: [
      'The link works for one hour. If you did not ask for this, ignore this e-mail: nothing changes.',
    ],
  };
}

/** A campaign reached its maximum donation amount, to its organiser. */
export function campaignGoalReachedMail(input: {
  name: string;
  petName: string;
  amount: string;
  site: SiteInfo;
}): MailContent {
  return {
    kind: 'campaign-goal-reached',
    subject: `Your campaign for ${input.petName} reached its maximum`,
    intro: [
      `Hello ${input.name},`,
      `Wonderful news: your donation campaign for ${input.petName} has raised its maximum of ${input.amount}. It takes no more donations.`,
    ],
    action: { label: 'See my campaigns', url: `${input.site.url}/dashboard/my-donation-campaigns` },
  };
}

/** A campaign's last date passed, to its organiser. */
export function campaignEndedMail(input: {
  name: string;
  petName: string;
  raised: string;
  maximum: string;
  site: SiteInfo;
}): MailContent {
  return {
    kind: 'campaign-ended',
    subject: `Your campaign for ${input.petName} has ended`,
    intro: [
      `Hello ${input.name},`,
      `The last date of your donation campaign for ${input.petName} has passed. It raised ${input.raised} of its ${input.maximum} maximum and takes no more donations.`,
    ],
    action: { label: 'See my campaigns', url: `${input.site.url}/dashboard/my-donation-campaigns` },
  };
}

/** New pets that match a saved search (at most once a day per search). */
export function petAlertMail(input: {
  name: string;
  searchName: string;
  /** The search's filters as a /petlist query string. */
  query: string;
  pets: Array<{ id: string; petName: string; petCategory: string; petLocation: string }>;
  /** More pets match than are named. */
  more: boolean;
  site: SiteInfo;
}): MailContent {
  const count = input.pets.length;
  return {
    kind: 'pet-alert',
    subject:
      count === 1 && !input.more
        ? `A new pet matches "${input.searchName}": ${input.pets[0]!.petName}`
        : `New pets match "${input.searchName}"`,
    intro: [
      `Hello ${input.name},`,
      `${input.more ? 'New pets were' : count === 1 ? 'A new pet was' : 'New pets were'} listed on ${input.site.name} that match your saved search "${input.searchName}":`,
      ...input.pets.map(
        (p) => `${p.petName} (${p.petCategory}, ${p.petLocation}): ${input.site.url}/pets/${p.id}`,
      ),
      ...(input.more ? ['And more: see them all with the link below.'] : []),
    ],
    action: {
      label: 'See the matching pets',
      url: `${input.site.url}/petlist${input.query ? `?${input.query}` : ''}`,
    },
    outro: [
      `You get at most one of these mails a day for each saved search. Rename, pause or delete your searches on your profile: ${input.site.url}/dashboard/profile`,
    ],
  };
}
