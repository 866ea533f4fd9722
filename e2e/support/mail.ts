import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { scaled } from './time';
import { dataDir } from './env';

/** Quoted-printable text as nodemailer writes it: soft line breaks and =XX bytes. */
const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

export type Mail = { file: string; subject: string; text: string };

const mailDir = () => path.join(dataDir(), 'mail');

/** Every message written for `email`, oldest first (files are named `{ms}-{address}.eml`). */
export const mailsTo = async (email: string): Promise<Mail[]> => {
  let files: string[];
  try {
    files = await readdir(mailDir());
  } catch {
    return [];
  }
  const mine = files
    .filter((f) => f.toLowerCase().endsWith(`-${email.toLowerCase()}.eml`))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
  return Promise.all(
    mine.map(async (file) => {
      const raw = await readFile(path.join(mailDir(), file), 'utf8');
      const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
      return { file, subject, text: decodeQuotedPrintable(raw) };
    }),
  );
};

/** A message is complete once its closing MIME boundary (or, for a single part, a body) is in. */
const complete = (mail: Mail) =>
  /\n--[^\n]+--\s*$/.test(mail.text) || /\r?\n\r?\n\S/.test(mail.text);

/**
 * Waits until `email` has more than `already` complete messages and answers the newest. Files
 * appear before they are fully written, so a half-written one counts only once it is whole.
 */
export const nextMail = async (email: string, already = 0): Promise<Mail> => {
  let newest: Mail | undefined;
  await expect
    .poll(
      async () => {
        const all = await mailsTo(email);
        const last = all.at(-1);
        newest = all.length > already && last && complete(last) ? last : undefined;
        return newest ? all.length : already;
      },
      { message: `a new email to ${email}`, timeout: scaled(15_000) },
    )
    .toBeGreaterThan(already);
  if (!newest) throw new Error(`no email to ${email}`);
  return newest;
};

/** The first link in a message to one of the portal's pages (e.g. 'verify-email'). */
export const linkIn = (mail: Mail, page: 'verify-email' | 'password-reset'): string => {
  const match = new RegExp(`https?://[^\\s"<>]+/${page}/[^\\s"<>]+`).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in "${mail.subject}"`);
  return match[0];
};

/** The path part of a link, so a test can follow it on its own base URL. */
export const pathOf = (link: string) => new URL(link).pathname;
