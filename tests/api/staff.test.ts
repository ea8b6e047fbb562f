// A newsroom team: invitations (single use, 7 days, revocable), password resets, roles and
// deactivation ending sessions at once, the last owner kept, review before publishing, and
// the audit trail of each audited action (append-only in the database itself).
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articles, auditLog, outbox, rateLimitEvents, staffInvitations, subscribers } from '@db/schema';
import { startTestSmtp } from '../fakes/smtp.ts';
import { apiClient } from '../helpers/api-client.ts';
import { cookieOf, joinStaff, mailsTo, tokenMailedTo } from '../helpers/staff.ts';
import { useTestServer } from '../helpers/test-server.ts';

const PASSWORD = 'staff-owner-password';
// The staff's links arrive by mail, as people get them: the outbox keeps no usable link.
const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const server = useTestServer(() => ({ TRUST_PROXY: 'true', ADMIN_PASSWORD: PASSWORD, SMTP_URL: smtp.url }));
const api = apiClient(server, PASSWORD);
const { call } = api;
let owner = '';

beforeAll(async () => {
  owner = await api.signIn();
});
beforeEach(async () => {
  await server.database.db.delete(rateLimitEvents);
});

const draft = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: `Story ${slug}`,
  slug,
  excerpt: 'An excerpt.',
  content: '<p>Text.</p>',
  author: 'Somebody Else',
  categoryId: 2,
  status: 'draft',
  ...extra,
});

/** The audit entries of one action, newest first. */
const auditOf = async (action: string) =>
  ((await call('GET', `/api/admin/audit?action=${action}`, { cookie: owner })).json['items'] as {
    actorName: string;
    summary: string;
    subjectId: string | null;
  }[]) ?? [];

const signInAs = (username: string, password: string) => call('POST', '/api/admin/login', { body: { username, password } });

describe('invitations', () => {
  it('an invited contributor accepts once, with their own password, and works under their own name', async () => {
    const invited = await call('POST', '/api/admin/staff/invitations', {
      cookie: owner,
      body: { email: 'Casey@Example.com', name: 'Casey Contributor', role: 'contributor' },
    });
    expect(invited.status).toBe(201);
    expect(invited.json).toMatchObject({ email: 'casey@example.com', role: 'contributor' });
    const token = await tokenMailedTo(smtp, 'casey@example.com');
    const accepted = await call('POST', '/api/admin/invitations/accept', { body: { token, password: 'casey has a long password' } });
    expect(accepted.status).toBe(201);
    const casey = cookieOf(accepted.headers);
    const account = await call('GET', '/api/admin/account', { cookie: casey });
    expect(account.json).toMatchObject({ username: 'casey@example.com', displayName: 'Casey Contributor', role: 'contributor' });
    expect(account.json['capabilities']).toContain('writeArticles');
    expect(account.json['capabilities']).not.toContain('publishOwnArticles');
    // Single use: the same link again is refused, and so is a second account for the address.
    const again = await call('POST', '/api/admin/invitations/accept', { body: { token, password: 'casey has a long password' } });
    expect(again.status).toBe(400);
    expect(again.json['message']).toMatch(/not valid/);
    // The person signs in with their address (in any case) and their password.
    expect((await signInAs('CASEY@example.com', 'casey has a long password')).status).toBe(200);
    expect((await auditOf('invitation_accepted'))[0]).toMatchObject({ actorName: 'casey@example.com' });
    expect((await auditOf('staff_invited'))[0]?.summary).toContain('casey@example.com');
  });

  it('an expired or revoked invitation is refused, and a short password is a field error', async () => {
    await call('POST', '/api/admin/staff/invitations', { cookie: owner, body: { email: 'late@example.com', name: 'Late Larry', role: 'author' } });
    const token = await tokenMailedTo(smtp, 'late@example.com');
    expect((await call('POST', '/api/admin/invitations/accept', { body: { token, password: 'short' } })).json['errors']).toHaveProperty('password');
    await server.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.email, 'late@example.com'));
    expect((await call('POST', '/api/admin/invitations/accept', { body: { token, password: 'a long enough password' } })).status).toBe(400);

    const invited = await call('POST', '/api/admin/staff/invitations', {
      cookie: owner,
      body: { email: 'gone@example.com', name: 'Gone Gina', role: 'editor' },
    });
    const revokeToken = await tokenMailedTo(smtp, 'gone@example.com');
    const listed = await call('GET', '/api/admin/staff', { cookie: owner });
    expect((listed.json['invitations'] as { email: string }[]).map((i) => i.email)).toContain('gone@example.com');
    expect((await call('DELETE', `/api/admin/staff/invitations/${String(invited.json['id'])}`, { cookie: owner })).status).toBe(204);
    expect((await call('POST', '/api/admin/invitations/accept', { body: { token: revokeToken, password: 'a long enough password' } })).status).toBe(
      400,
    );
    expect((await auditOf('invitation_revoked'))[0]?.summary).toBe('gone@example.com');
  });

  it('refuses a byline someone on the staff writes under; an archive byline without an account becomes the new person’s', async () => {
    await joinStaff(api, smtp, owner, 'author', 'first.pat@example.com', 'Pat Byline');
    const twin = await call('POST', '/api/admin/staff/invitations', {
      cookie: owner,
      body: { email: 'second.pat@example.com', name: 'Pat Byline', role: 'author' },
    });
    expect(twin.status).toBe(409);
    expect(twin.json['errors']).toHaveProperty('name');
    // A byline of the archive with no account: the invited person takes it, with its articles.
    await call('POST', '/api/articles', { cookie: owner, body: draft('archive-byline-story', { author: 'Archie Archive', status: 'published' }) });
    const archie = await joinStaff(api, smtp, owner, 'author', 'archie@example.com', 'Archie Archive');
    const own = await call('GET', '/api/admin/articles', { cookie: archie });
    expect((own.json['items'] as { slug: string }[]).map((a) => a.slug)).toEqual(['archive-byline-story']);
  });

  it('refuses an address already on the staff', async () => {
    await joinStaff(api, smtp, owner, 'author', 'twice@example.com');
    const again = await call('POST', '/api/admin/staff/invitations', {
      cookie: owner,
      body: { email: 'twice@example.com', name: 'Twice', role: 'author' },
    });
    expect(again.status).toBe(409);
  });
});

describe('password resets', () => {
  it('mails a single-use link to a staff address only; the new password ends every session', async () => {
    const riley = await joinStaff(api, smtp, owner, 'editor', 'riley@example.com');
    const unknown = await call('POST', '/api/admin/password-reset', { body: { email: 'nobody@example.com' } });
    expect(unknown.status).toBe(202);
    const asked = await call('POST', '/api/admin/password-reset', { body: { email: 'riley@example.com' } });
    expect(asked.status).toBe(202);
    expect(asked.json['message']).toBe(unknown.json['message']);
    const token = await tokenMailedTo(smtp, 'riley@example.com');
    // The mail job found no account for the unknown address (it took that request first) and kept nothing of it.
    await expect
      .poll(async () => (await call('GET', '/api/admin/outbox?kind=staff&q=nobody%40example.com', { cookie: owner })).json['items'], {
        timeout: 30_000,
      })
      .toEqual([]);
    expect(mailsTo(smtp, 'nobody@example.com')).toEqual([]);
    expect((await call('POST', '/api/admin/password-reset/confirm', { body: { token, password: 'riley new long password' } })).status).toBe(204);
    expect((await call('GET', '/api/admin/account', { cookie: riley })).status).toBe(401);
    expect((await call('POST', '/api/admin/password-reset/confirm', { body: { token, password: 'another long password' } })).status).toBe(400);
    expect((await signInAs('riley@example.com', 'a long staff password')).status).toBe(401);
    expect((await signInAs('riley@example.com', 'riley new long password')).status).toBe(200);
    expect((await auditOf('password_reset'))[0]?.actorName).toBe('riley@example.com');
  });

  it('answers a staff address asked for too often as it answers an unknown one, so nobody learns who is on the staff', async () => {
    await joinStaff(api, smtp, owner, 'author', 'often.asked@example.com');
    // From a new client address each time (the per-address limit is not what is tried here).
    for (let i = 0; i < 5; i++) {
      const known = await call('POST', '/api/admin/password-reset', { body: { email: 'often.asked@example.com' } });
      const unknown = await call('POST', '/api/admin/password-reset', { body: { email: 'never.staff@example.com' } });
      expect([i, known.status, known.json['message']]).toEqual([i, unknown.status, unknown.json['message']]);
    }
    // The mailbox still gets no more than its three links an hour.
    const mails = await call('GET', '/api/admin/outbox?kind=staff&q=often.asked%40example.com', { cookie: owner });
    expect((mails.json['items'] as { subject: string }[]).filter((m) => m.subject.startsWith('Reset your'))).toHaveLength(3);
  });
});

/** Every usable-looking link token the outbox holds, in any message's text or HTML. */
const tokensInOutbox = async () => {
  const rows = await server.database.db.select({ text: outbox.textBody, html: outbox.htmlBody }).from(outbox);
  return rows.flatMap((r) => `${r.text}\n${r.html ?? ''}`.match(/#token=[a-z2-7]{20,}/g) ?? []);
};

/** The id of the person of the staff with this address. */
const personId = async (email: string) => {
  const staff = await call('GET', '/api/admin/staff', { cookie: owner });
  const person = (staff.json['items'] as { id: number; email: string | null }[]).find((p) => p.email === email);
  if (!person) throw new Error(`${email} is not on the staff`);
  return person.id;
};

describe('links only their recipient holds', () => {
  it('no stored mail and no admin view holds a usable link; an owner sends a reset as a recorded action of their own', async () => {
    await joinStaff(api, smtp, owner, 'author', 'tara.target@example.com', 'Tara Target');
    // The takeover tried: an owner asks for the author's reset and reads the outbox.
    expect((await call('POST', '/api/admin/password-reset', { body: { email: 'tara.target@example.com' } })).status).toBe(202);
    const token = await tokenMailedTo(smtp, 'tara.target@example.com');
    // The mail arrived; its row is marked sent once the SMTP server's answer is back.
    const listed = async () =>
      (await call('GET', '/api/admin/outbox?kind=staff&q=tara.target%40example.com', { cookie: owner })).json['items'] as {
        id: number;
        subject: string;
        status: string;
      }[];
    await expect
      .poll(async () => (await listed()).map((m) => [m.subject, m.status]), { timeout: 30_000 })
      .toEqual([
        ['Reset your EnergyPulse password', 'sent'],
        ['admin invited you to EnergyPulse', 'sent'],
      ]);
    const items = await listed();
    for (const item of items) {
      const message = await call('GET', `/api/admin/outbox/${item.id}`, { cookie: owner });
      expect(message.text).not.toContain(token);
      expect(message.text).not.toMatch(/#token=[a-z2-7]{20,}/);
      expect(message.json['text']).toMatch(/leaves out the link’s single-use token/);
    }
    expect(await tokensInOutbox()).toEqual([]);
    // Nor a reader's link: the confirmation mail of a sign-up is read with its token hidden.
    expect((await call('POST', '/api/newsletter/subscribe', { body: { email: 'reader.link@example.com' } })).status).toBe(202);
    const [confirmation] = (await call('GET', '/api/admin/outbox?q=reader.link%40example.com', { cookie: owner })).json['items'] as { id: number }[];
    const read = await call('GET', `/api/admin/outbox/${confirmation!.id}`, { cookie: owner });
    expect(read.json['text']).toMatch(/\/newsletter\/confirm\?token=made-at-sending\n/);
    expect(read.text).not.toMatch(/token=[\w-]{16,}/);

    // The owner's own way: a link mailed to the person, recorded as the owner's action.
    const id = await personId('tara.target@example.com');
    expect((await call('POST', '/api/admin/staff/password-resets', { cookie: owner, body: { userId: id } })).status).toBe(202);
    const sent = await tokenMailedTo(smtp, 'tara.target@example.com');
    expect(mailsTo(smtp, 'tara.target@example.com').at(-1)?.text).toMatch(/admin, an owner of the EnergyPulse newsroom, sent you this link/);
    expect((await auditOf('password_reset_sent'))[0]).toMatchObject({ actorName: 'admin', subjectId: String(id), summary: 'Tara Target' });
    expect((await call('POST', '/api/admin/password-reset/confirm', { body: { token: sent, password: 'tara chose a new one' } })).status).toBe(204);
    expect((await auditOf('password_reset'))[0]?.actorName).toBe('tara.target@example.com');
    expect(await tokensInOutbox()).toEqual([]);
    // Not to someone without an address (the first owner has none yet), nor to a deactivated person.
    const self = await call('GET', '/api/admin/account', { cookie: owner });
    expect((await call('POST', '/api/admin/staff/password-resets', { cookie: owner, body: { userId: self.json['id'] } })).status).toBe(409);
    expect((await call('POST', '/api/admin/staff/password-resets', { cookie: owner, body: { userId: 999999 } })).status).toBe(404);
  });

  it('a deactivation ends the person’s open reset links: one asked for before works no more after a reactivation', async () => {
    await joinStaff(api, smtp, owner, 'author', 'paused@example.com');
    expect((await call('POST', '/api/admin/password-reset', { body: { email: 'paused@example.com' } })).status).toBe(202);
    const token = await tokenMailedTo(smtp, 'paused@example.com');
    const id = await personId('paused@example.com');
    expect((await call('PATCH', `/api/admin/staff/${id}`, { cookie: owner, body: { active: false } })).status).toBe(200);
    expect((await call('PATCH', `/api/admin/staff/${id}`, { cookie: owner, body: { active: true } })).status).toBe(200);
    const reset = await call('POST', '/api/admin/password-reset/confirm', { body: { token, password: 'a password from before' } });
    expect(reset.status).toBe(400);
    expect((await signInAs('paused@example.com', 'a long staff password')).status).toBe(200);
  });
});

describe('what a role may touch beyond its table', () => {
  it('an author changes and deletes only the images they uploaded; an editor any', async () => {
    const upload = async (cookie: string) => {
      const form = new FormData();
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6f97' } })
        .png()
        .toBuffer();
      form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'chart.png');
      const res = await fetch(`${server.url}/api/admin/media`, { method: 'POST', body: form, headers: { Origin: server.url, Cookie: cookie } });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    const ada = await joinStaff(api, smtp, owner, 'author', 'ada.media@example.com');
    const bo = await joinStaff(api, smtp, owner, 'author', 'bo.media@example.com');
    const editor = await joinStaff(api, smtp, owner, 'editor', 'ed.media@example.com');
    const adas = await upload(ada);
    expect((await call('PATCH', `/api/admin/media/${adas}`, { cookie: bo, body: { alt: 'Not mine to reword' } })).status).toBe(403);
    expect((await call('DELETE', `/api/admin/media/${adas}`, { cookie: bo })).status).toBe(403);
    expect((await call('GET', `/api/admin/media/${adas}`, { cookie: bo })).json['alt']).toBe('');
    expect((await call('PATCH', `/api/admin/media/${adas}`, { cookie: ada, body: { alt: 'A grid chart' } })).json['alt']).toBe('A grid chart');
    expect((await call('DELETE', `/api/admin/media/${await upload(bo)}`, { cookie: bo })).status).toBe(204);
    expect((await call('DELETE', `/api/admin/media/${adas}`, { cookie: editor })).status).toBe(204);
  });

  it("a contributor keeps no autosave of someone else's article, and learns nothing of when it was saved", async () => {
    const writer = await joinStaff(api, smtp, owner, 'contributor', 'autosave.peeker@example.com');
    const values = { values: { title: 'Not mine' }, baseUpdatedAt: new Date(0).toISOString() };
    expect((await call('PUT', '/api/admin/autosaves/1', { cookie: writer, body: values })).status).toBe(403);
    expect((await call('GET', '/api/admin/autosaves/1', { cookie: writer })).status).toBe(403);
    const own = await call('POST', '/api/articles', { cookie: writer, body: draft('autosave-peeker-own') });
    expect((await call('PUT', `/api/admin/autosaves/${String(own.json['id'])}`, { cookie: writer, body: values })).status).toBe(200);
  });
});

describe('roles and deactivation', () => {
  it('a deactivated person is refused at once, keeps their byline, and cannot sign in until reactivated', async () => {
    const dana = await joinStaff(api, smtp, owner, 'author', 'dana.author@example.com', 'Dana Author');
    const created = await call('POST', '/api/articles', { cookie: dana, body: draft('dana-live-story', { status: 'published' }) });
    expect(created.status).toBe(201);
    expect(created.json['author']).toBe('Dana Author');
    const staff = await call('GET', '/api/admin/staff', { cookie: owner });
    const person = (staff.json['items'] as { id: number; email: string }[]).find((p) => p.email === 'dana.author@example.com');
    expect((await call('PATCH', `/api/admin/staff/${person!.id}`, { cookie: owner, body: { active: false } })).status).toBe(200);
    expect((await call('GET', '/api/admin/articles', { cookie: dana })).status).toBe(401);
    expect((await signInAs('dana.author@example.com', 'a long staff password')).status).toBe(401);
    expect((await call('GET', '/api/articles/dana-live-story')).json['author']).toBe('Dana Author');
    expect((await call('PATCH', `/api/admin/staff/${person!.id}`, { cookie: owner, body: { active: true, role: 'contributor' } })).status).toBe(200);
    const back = await signInAs('dana.author@example.com', 'a long staff password');
    expect(back.status).toBe(200);
    expect((await call('GET', '/api/admin/account', { cookie: cookieOf(back.headers) })).json['role']).toBe('contributor');
    expect((await auditOf('staff_deactivated'))[0]?.summary).toBe('Dana Author');
    expect((await auditOf('staff_reactivated'))[0]?.summary).toBe('Dana Author');
    expect((await auditOf('staff_role_changed'))[0]?.summary).toBe('Dana Author: Author → Contributor');
  });

  it('a save that changes nothing ends no session; a new role or a deactivation ends them all', async () => {
    const kim = await joinStaff(api, smtp, owner, 'editor', 'kim.kept@example.com');
    const id = await personId('kim.kept@example.com');
    for (const body of [{ active: true }, { role: 'editor' }, { role: 'editor', active: true }]) {
      expect((await call('PATCH', `/api/admin/staff/${id}`, { cookie: owner, body })).status).toBe(200);
      expect([body, (await call('GET', '/api/admin/account', { cookie: kim })).status]).toEqual([body, 200]);
    }
    expect((await call('PATCH', `/api/admin/staff/${id}`, { cookie: owner, body: { role: 'author' } })).status).toBe(200);
    expect((await call('GET', '/api/admin/account', { cookie: kim })).status).toBe(401);
    const again = cookieOf((await signInAs('kim.kept@example.com', 'a long staff password')).headers);
    expect((await call('PATCH', `/api/admin/staff/${id}`, { cookie: owner, body: { active: false } })).status).toBe(200);
    expect((await call('GET', '/api/admin/account', { cookie: again })).status).toBe(401);
  });

  it('nobody changes their own role, and the last active owner stays one', async () => {
    const self = await call('GET', '/api/admin/account', { cookie: owner });
    const change = await call('PATCH', `/api/admin/staff/${String(self.json['id'])}`, { cookie: owner, body: { role: 'editor' } });
    expect(change.status).toBe(409);
    const second = await joinStaff(api, smtp, owner, 'owner', 'second.owner@example.com');
    // The second owner may demote the first while another owner remains, but not then themselves be left alone demoted.
    expect((await call('PATCH', `/api/admin/staff/${String(self.json['id'])}`, { cookie: second, body: { role: 'editor' } })).status).toBe(200);
    owner = await api.signIn();
    const secondId = (await call('GET', '/api/admin/account', { cookie: second })).json['id'];
    expect((await call('PATCH', `/api/admin/staff/${String(secondId)}`, { cookie: owner, body: { role: 'owner' } })).status).toBe(403);
    const restored = await call('PATCH', `/api/admin/staff/${String(self.json['id'])}`, { cookie: second, body: { role: 'owner' } });
    expect(restored.status).toBe(200);
    owner = await api.signIn();
    expect((await call('PATCH', `/api/admin/staff/${String(secondId)}`, { cookie: owner, body: { active: false } })).status).toBe(200);
  });

  it('sees and ends its own sessions only', async () => {
    const other = await api.signIn();
    const sessions = await call('GET', '/api/admin/account/sessions', { cookie: owner });
    const list = sessions.json as unknown as { id: string; current: boolean }[];
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const otherId = other.split('=')[1]?.split('.')[0] ?? '';
    expect((await call('DELETE', `/api/admin/account/sessions/${otherId}`, { cookie: owner })).status).toBe(204);
    expect((await call('GET', '/api/admin/account', { cookie: other })).status).toBe(401);
    const casey = await joinStaff(api, smtp, owner, 'contributor', 'session.peeker@example.com');
    const ownerSession = owner.split('=')[1]?.split('.')[0] ?? '';
    expect((await call('DELETE', `/api/admin/account/sessions/${ownerSession}`, { cookie: casey })).status).toBe(404);
  });
});

describe('one’s own name and address', () => {
  it('the first owner gets a name and an address like everyone else: invitations carry the name, and a reset reaches them', async () => {
    const named = await call('PATCH', '/api/admin/account', { cookie: owner, body: { name: 'Olive Owner' } });
    expect(named.status).toBe(200);
    expect(named.json).toMatchObject({ username: 'admin', displayName: 'Olive Owner', email: null });
    // A new address needs the password (or a code) besides the session.
    const unproven = await call('PATCH', '/api/admin/account', { cookie: owner, body: { email: 'olive@example.com' } });
    expect([unproven.status, Object.keys((unproven.json['errors'] as object | undefined) ?? {})]).toEqual([400, ['confirm']]);
    const wrong = await call('PATCH', '/api/admin/account', { cookie: owner, body: { email: 'olive@example.com', password: 'not the password' } });
    expect(wrong.status).toBe(401);
    const addressed = await call('PATCH', '/api/admin/account', { cookie: owner, body: { email: 'Olive@Example.com', password: PASSWORD } });
    expect(addressed.status).toBe(200);
    expect(addressed.json).toMatchObject({ username: 'admin', displayName: 'Olive Owner', email: 'olive@example.com' });
    expect((await auditOf('account_changed')).map((e) => e.summary)).toEqual(['address: none → olive@example.com', 'name: admin → Olive Owner']);
    // Someone on the staff already has an address: it is not taken twice.
    await joinStaff(api, smtp, owner, 'author', 'taken.address@example.com');
    expect(mailsTo(smtp, 'taken.address@example.com')[0]?.subject).toBe('Olive Owner invited you to EnergyPulse');
    const taken = await call('PATCH', '/api/admin/account', { cookie: owner, body: { email: 'taken.address@example.com', password: PASSWORD } });
    expect(taken.status).toBe(409);
    // The owner's own forgotten password now has somewhere to go.
    expect((await call('POST', '/api/admin/password-reset', { body: { email: 'olive@example.com' } })).status).toBe(202);
    expect(await tokenMailedTo(smtp, 'olive@example.com')).toMatch(/^[a-z2-7]{32}$/);
  });

  it('an invited person changes their address and signs in with the new one', async () => {
    const sam = await joinStaff(api, smtp, owner, 'author', 'sam.old@example.com');
    const moved = await call('PATCH', '/api/admin/account', {
      cookie: sam,
      body: { email: 'sam.new@example.com', password: 'a long staff password' },
    });
    expect(moved.json).toMatchObject({ username: 'sam.new@example.com', email: 'sam.new@example.com' });
    expect((await signInAs('sam.new@example.com', 'a long staff password')).status).toBe(200);
    expect((await signInAs('sam.old@example.com', 'a long staff password')).status).toBe(401);
  });
});

describe('review before publishing', () => {
  it('a contributor writes and submits; an editor returns, then publishes; nothing is published by someone not allowed', async () => {
    const writer = await joinStaff(api, smtp, owner, 'contributor', 'writer@example.com', 'Wren Writer');
    const editor = await joinStaff(api, smtp, owner, 'editor', 'editor@example.com', 'Eddie Editor');
    expect((await call('POST', '/api/articles', { cookie: writer, body: draft('wren-sneaks', { status: 'published' }) })).status).toBe(403);
    const created = await call('POST', '/api/articles', { cookie: writer, body: draft('wren-draft') });
    expect(created.status).toBe(201);
    expect(created.json['author']).toBe('Wren Writer');
    const id = String(created.json['id']);
    // Their own only: a seeded story is not theirs to read or change; publishing their own is not theirs either.
    expect((await call('GET', '/api/admin/articles/1', { cookie: writer })).status).toBe(403);
    expect((await call('PATCH', '/api/articles/1', { cookie: writer, body: { title: 'Mine now' } })).status).toBe(403);
    expect((await call('PATCH', `/api/articles/${id}`, { cookie: writer, body: { status: 'published' } })).status).toBe(403);
    const own = await call('GET', '/api/admin/articles', { cookie: writer });
    expect((own.json['items'] as { slug: string }[]).map((a) => a.slug)).toEqual(['wren-draft']);

    expect(
      (await call('POST', `/api/admin/articles/${id}/review`, { cookie: writer, body: { action: 'submit', note: 'Ready for a look' } })).status,
    ).toBe(201);
    const queue = await call('GET', '/api/admin/articles?status=review', { cookie: editor });
    expect((queue.json['items'] as { slug: string; reviewState: string }[]).map((a) => [a.slug, a.reviewState])).toEqual([
      ['wren-draft', 'submitted'],
    ]);
    expect((await call('POST', `/api/admin/articles/${id}/review`, { cookie: writer, body: { action: 'return', note: 'x' } })).status).toBe(403);
    expect((await call('POST', `/api/admin/articles/${id}/review`, { cookie: editor, body: { action: 'return' } })).status).toBe(400);
    expect(
      (await call('POST', `/api/admin/articles/${id}/review`, { cookie: editor, body: { action: 'return', note: 'Add a source.' } })).status,
    ).toBe(201);
    const notes = await call('GET', `/api/admin/articles/${id}/notes`, { cookie: writer });
    expect((notes.json as unknown as { kind: string; body: string }[]).map((n) => [n.kind, n.body])).toEqual([
      ['returned', 'Add a source.'],
      ['submitted', 'Ready for a look'],
    ]);
    await call('POST', `/api/admin/articles/${id}/review`, { cookie: writer, body: { action: 'submit' } });
    const published = await call('PATCH', `/api/articles/${id}`, { cookie: editor, body: { status: 'published' } });
    expect(published.status).toBe(200);
    expect(published.json['reviewState']).toBeNull();
    expect((await call('GET', '/api/articles/wren-draft')).status).toBe(200);
    expect((await call('DELETE', `/api/articles/${id}`, { cookie: writer })).status).toBe(403);
    expect((await auditOf('article_published'))[0]).toMatchObject({ actorName: 'editor@example.com', summary: 'Story wren-draft' });
    expect((await auditOf('article_submitted')).length).toBe(2);
    expect((await auditOf('article_returned'))[0]?.actorName).toBe('editor@example.com');
  });
});

describe('the audit trail', () => {
  it('records sign-ins, failures, deletions and exports, and the database refuses to edit it', async () => {
    await signInAs('admin', 'wrong password here');
    expect((await auditOf('sign_in_failed'))[0]?.actorName).toBe('admin');
    expect((await auditOf('sign_in')).length).toBeGreaterThan(0);
    const created = await call('POST', '/api/articles', { cookie: owner, body: draft('to-be-deleted', { status: 'published' }) });
    expect((await call('DELETE', `/api/articles/${String(created.json['id'])}`, { cookie: owner })).status).toBe(204);
    expect((await auditOf('article_deleted'))[0]).toMatchObject({ summary: 'Story to-be-deleted', subjectId: String(created.json['id']) });
    expect((await call('GET', '/api/admin/subscribers/export.csv', { cookie: owner })).status).toBe(200);
    expect((await auditOf('subscribers_exported')).length).toBe(1);
    // Scheduling and unpublishing are publication changes too.
    const later = await call('POST', '/api/articles', {
      cookie: owner,
      body: draft('scheduled-story', { status: 'published', publishedAt: new Date(Date.now() + 86_400_000).toISOString() }),
    });
    expect((await auditOf('article_scheduled'))[0]?.summary).toBe('Story scheduled-story');
    await call('PATCH', `/api/articles/${String(later.json['id'])}`, {
      cookie: owner,
      body: { publishedAt: new Date(Date.now() - 60_000).toISOString() },
    });
    expect((await auditOf('article_published'))[0]?.summary).toBe('Story scheduled-story');
    await call('PATCH', `/api/articles/${String(later.json['id'])}`, { cookie: owner, body: { status: 'draft' } });
    expect((await auditOf('article_unpublished'))[0]?.summary).toBe('Story scheduled-story');
    // Settings and two-factor changes.
    const zoho = await call('POST', '/api/admin/zoho-config', {
      cookie: owner,
      body: { workspaceId: '1234', clientId: '1000.ABC', clientSecret: 'secret', refreshToken: 'token', dataCentre: 'US' },
    });
    expect(zoho.status).toBe(200);
    expect((await auditOf('settings_changed'))[0]?.summary).toBe('Zoho configuration');
    expect((await call('POST', '/api/admin/totp/setup', { cookie: owner, body: { password: PASSWORD } })).status).toBe(200);
    expect((await auditOf('two_factor_changed'))[0]?.actorName).toBe('admin');
    await expect(server.database.client.execute("UPDATE audit_log SET actor_name = 'someone else'")).rejects.toThrow(/append-only/);
    await expect(server.database.client.execute('DELETE FROM audit_log')).rejects.toThrow(/kept at least/);
    const untouched = await server.database.db.select({ n: sql<number>`count(*)` }).from(articles);
    expect(untouched[0]?.n).toBeGreaterThan(0);
  });
});

describe('the audit trail’s own safety', () => {
  it('keeps a typed name neutralised: controls, bidi marks and line breaks written out, cut to length', async () => {
    await signInAs('adm\u202Ein\nFake entry\u2066x', 'wrong password here');
    expect((await auditOf('sign_in_failed'))[0]?.actorName).toBe('adm\\u202Ein\\nFake entry\\u2066x');
    await signInAs(`${'n'.repeat(90)}\u0007`, 'wrong password here');
    expect((await auditOf('sign_in_failed'))[0]?.actorName).toBe(`${'n'.repeat(90)}\\u0007`);
  });

  it('records the deletion of a subscriber, by number, not address', async () => {
    const [row] = await server.database.db
      .insert(subscribers)
      .values({ email: 'leaving@example.com', tokenSalt: 'salt', manageTokenHash: 'audit-test-hash', createdAt: new Date(), status: 'active' })
      .returning({ id: subscribers.id });
    expect((await call('DELETE', `/api/admin/subscribers/${row!.id}`, { cookie: owner })).status).toBe(204);
    const [entry] = await auditOf('subscriber_deleted');
    expect(entry).toMatchObject({ actorName: 'admin', subjectId: String(row!.id), summary: `Subscriber #${row!.id}` });
    expect(JSON.stringify(entry)).not.toContain('leaving@');
  });
});

describe('the audit trail after years', () => {
  it('counts its entries up to 1,000 ("1,000+"), a filtered list exactly below that', async () => {
    const at = new Date();
    const rows = Array.from({ length: 1_200 }, (_, i) => ({ at, actorName: 'robot', action: 'sign_in_failed', summary: `try ${i}` }));
    for (let i = 0; i < rows.length; i += 200) await server.database.db.insert(auditLog).values(rows.slice(i, i + 200));
    const all = await call('GET', '/api/admin/audit', { cookie: owner });
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ total: 1_000, totalAtLeast: true, page: 1 });
    expect((all.json['items'] as unknown[]).length).toBeGreaterThan(0);
    const few = await call('GET', '/api/admin/audit?action=subscribers_exported', { cookie: owner });
    expect(few.json['totalAtLeast']).toBeUndefined();
    expect(few.json['total']).toBe((few.json['items'] as unknown[]).length);
  });
});
