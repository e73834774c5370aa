import { APP_NAME, MAGIC_LINK_TTL_MINUTES } from '../../../contract/constants.ts';
import type { MailMessage } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const VALIDITY = `The link works once and for ${MAGIC_LINK_TTL_MINUTES} minutes.`;

/** One layout for every mail: a heading, paragraphs, and at most one button with its link also written out. */
function mail(to: string, subject: string, parts: { heading: string; lines: string[]; action?: { label: string; link: string }; footer: string }): MailMessage {
  const { heading, lines, action, footer } = parts;
  const text = [
    ...lines,
    ...(action ? [`${action.label}:`, action.link] : []),
    '',
    footer,
  ].join('\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.link)}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p>Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(action.link)}</span></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${button}
<p style="color:#555">${escapeHtml(footer)}</p>
</body></html>`;
  return { to, subject, text, html };
}

export function magicLinkMail(to: string, link: string): MailMessage {
  return mail(to, `Your ${APP_NAME} sign-in link`, {
    heading: `Sign in to ${APP_NAME}`,
    lines: [],
    action: { label: `Sign in to ${APP_NAME}`, link },
    footer: `${VALIDITY} If you did not ask for it, ignore this email: nobody can sign in without the link.`,
  });
}

/** Finishes a password sign-up: the account is created only when the address proves itself. */
export function confirmSignUpMail(to: string, link: string): MailMessage {
  return mail(to, `Confirm your email to finish your ${APP_NAME} account`, {
    heading: `Welcome to ${APP_NAME}`,
    lines: ['Use the link below to confirm this address and finish creating your account. Your password works from then on.'],
    action: { label: 'Confirm and sign in', link },
    footer: `${VALIDITY} If you did not sign up, ignore this email: no account is created without the link.`,
  });
}

/** A sign-up for an address that already has an account: no second account, a sign-in link instead. */
export function accountExistsMail(to: string, link: string): MailMessage {
  return mail(to, `You already have a ${APP_NAME} account`, {
    heading: 'You already have an account',
    lines: [`Someone (probably you) tried to create a ${APP_NAME} account with this address, which already has one. Nothing was changed.`],
    action: { label: `Sign in to ${APP_NAME}`, link },
    footer: `${VALIDITY} If it was not you, ignore this email: nobody can sign in without the link.`,
  });
}

/**
 * Sent to a new address: says which account asked (its current address, masked) and that the link works only while
 * signed in to that account, so someone who did not ask knows to ignore it.
 */
export function confirmEmailChangeMail(to: string, link: string, account: string): MailMessage {
  return mail(to, `Confirm your new ${APP_NAME} email`, {
    heading: 'Confirm your new email address',
    lines: [
      `Someone signed in to the ${APP_NAME} account ${account} asked to make this address its email.`,
      'If that was you, open the link below while signed in to that account. Until then, nothing changes.',
    ],
    action: { label: 'Confirm this address', link },
    footer: `${VALIDITY} If it was not you, ignore this email: the link works only inside that account, and nothing changes without it.`,
  });
}

/** Sent to the current address when a change to another one is asked for. */
export function emailChangeNoticeMail(to: string, newEmail: string): MailMessage {
  return mail(to, `Your ${APP_NAME} email is about to change`, {
    heading: 'A change of email was requested',
    lines: [
      `Someone signed in to your ${APP_NAME} account asked to change its email to ${newEmail}.`,
      'Nothing changes until that address confirms it with the link we sent there.',
    ],
    footer: 'If this was not you, sign in and check your account; you can keep using this address in the meantime.',
  });
}

/** A batch ended (issue 28): what was done, what failed (never charged), and where it is. */
export function batchFinishedMail(to: string, batch: { title: string; done: number; failed: number; cancelled: number; charged: string; link: string }): MailMessage {
  const notCharged = batch.failed + batch.cancelled;
  return mail(to, `${batch.title}: ${batch.done} done${notCharged ? `, ${notCharged} not charged` : ''}`, {
    heading: `Your ${batch.title} has finished`,
    lines: [
      `${batch.done} done, ${batch.failed} failed, ${batch.cancelled} cancelled. ${batch.charged} credits were charged, for the done images only: failed and cancelled images cost nothing.`,
    ],
    action: { label: 'See the results and download them', link: batch.link },
    footer: `You get this mail because you started a batch on ${APP_NAME}.`,
  });
}

/** An endpoint whose deliveries failed for 3 days was turned off; its owner is told how to turn it on again. */
export function webhookDisabledMail(to: string, endpoint: { url: string; failingSince: Date; link: string }): MailMessage {
  return mail(to, `${APP_NAME} turned off a webhook that kept failing`, {
    heading: 'A webhook endpoint was turned off',
    lines: [
      `Every delivery to ${endpoint.url} has failed since ${endpoint.failingSince.toUTCString()}, so ${APP_NAME} stopped sending to it.`,
      'Fix the endpoint, then add it again in the dashboard (Webhooks). The deliveries it missed are listed there.',
    ],
    action: { label: 'Open your webhooks', link: endpoint.link },
    footer: `You get this mail because you added a webhook endpoint on ${APP_NAME}.`,
  });
}

/** A charge took the balance below the alert the user set (once per crossing). */
export function lowBalanceMail(to: string, figures: { balance: string; alert: string; link: string }): MailMessage {
  return mail(to, `Your ${APP_NAME} balance is below ${figures.alert} credits`, {
    heading: 'Your credit balance is low',
    lines: [
      `Your balance is ${figures.balance} credits, below the alert you set at ${figures.alert} credits.`,
      'Paid tools, batches and API calls stop once it cannot cover their price. Top up to keep them running.',
    ],
    action: { label: 'Buy credits', link: figures.link },
    footer: `You get this mail because you set a low-balance alert on ${APP_NAME}. Change or remove it in the dashboard (Credits).`,
  });
}
