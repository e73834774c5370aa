import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTING_NAMES } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for every setting', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, ROLE: 'all', APP_ENV: 'production', SESSION_TTL_DAYS: 30, cookieSecure: false });
    expect(c.dbDir).toMatch(/data[/\\]db$/);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('stops with a message naming each bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/PUBLIC_URL/);
    }
    expect(() => loadConfig({ ROLE: 'boss' })).toThrow(/ROLE/);
  });

  it('never repeats a password or key in its message', () => {
    let message = '';
    try {
      loadConfig({ DATABASE_URL: 'postgres://ampkit:db-pass-1@db host/ampkit', SMTP_URL: 'smtp://mailer:mail-pass-2@smtp:99999', STRIPE_WEBHOOK_SECRET: 'whsec_only-one-of-two' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/DATABASE_URL/);
    expect(message).toMatch(/SMTP_URL/);
    expect(message).not.toMatch(/db-pass-1|mail-pass-2|only-one-of-two/);
  });

  it('derives secure cookies from an https PUBLIC_URL and parses ADMIN_EMAILS', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://ampkit.app', ADMIN_EMAILS: ' A@x.com, b@y.com ,' });
    expect(c.cookieSecure).toBe(true);
    expect(c.ADMIN_EMAILS).toEqual(['a@x.com', 'b@y.com']);
    expect(loadConfig({ PUBLIC_URL: 'https://ampkit.app', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('documents every setting in the README table and .env.example', () => {
    const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const example = fs.readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
    for (const name of SETTING_NAMES) {
      expect(readme, `README.md lacks ${name}`).toMatch(new RegExp(`\\|\\s*\`${name}\``));
      expect(example, `.env.example lacks ${name}`).toMatch(new RegExp(`^#?\\s*${name}=`, 'm'));
    }
  });
});
