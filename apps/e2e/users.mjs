// The seeded test accounts of the browser tests, one per role the acceptance lists name, made
// through the real admin API (`/auth/v1/admin/users`) with the service key. Idempotent: an
// account that already exists is left as it is. `make test` runs this from scripts/e2e.sh, and
// scripts/dev-server.sh for a developer's server.
//
//   KANISA_URL=… KANISA_SERVICE_KEY=… node e2e/users.mjs

/** @typedef {{ key: string; email: string; password: string; fullName: string; role: string; isActive?: boolean; permissions?: string[] }} TestUser */

/** The first administrator, made by `kanisa serve` from KANISA_ADMIN_EMAIL/PASSWORD. */
export const firstAdmin = {
  key: 'first',
  email: 'admin@example.org',
  password: 'e2e-admin-password',
  fullName: 'Church Administrator',
  role: 'SUPER_ADMIN',
};

/** @type {TestUser[]} */
export const testUsers = [
  { key: 'super', email: 'super@e2e.example.org', password: 'super-pass-1', fullName: 'Sarah Super', role: 'SUPER_ADMIN' },
  { key: 'admin', email: 'admin@e2e.example.org', password: 'admin-pass-1', fullName: 'Amos Admin', role: 'ADMIN' },
  { key: 'content', email: 'content@e2e.example.org', password: 'content-pass-1', fullName: 'Carol Content', role: 'CONTENT_ADMIN' },
  { key: 'finance', email: 'finance@e2e.example.org', password: 'finance-pass-1', fullName: 'Felix Finance', role: 'FINANCE_ADMIN' },
  { key: 'member-admin', email: 'members@e2e.example.org', password: 'members-pass-1', fullName: 'Mary Members', role: 'MEMBER_ADMIN' },
  // On the prayer team: the elder's defaults plus private prayer requests (issue 31).
  {
    key: 'elder',
    email: 'elder@e2e.example.org',
    password: 'elder-pass-1',
    fullName: 'Elijah Elder',
    role: 'ELDER',
    permissions: ['manage_prayer_requests', 'send_communications', 'view_member_details', 'view_private_prayer_requests'],
  },
  { key: 'member', email: 'member@e2e.example.org', password: 'member-pass-1', fullName: 'Martha Member', role: 'MEMBER' },
  { key: 'inactive', email: 'inactive@e2e.example.org', password: 'inactive-pass-1', fullName: 'Ivan Inactive', role: 'ADMIN', isActive: false },
  // Only for the lockout test: locking it must not disturb the other suites.
  { key: 'lockout', email: 'lockout@e2e.example.org', password: 'lockout-pass-1', fullName: 'Linda Lockout', role: 'CONTENT_ADMIN' },
];

/** @param {string} key */
export function testUser(key) {
  const user = key === 'first' ? firstAdmin : testUsers.find((u) => u.key === key);
  if (!user) throw new Error(`no test user ${key}`);
  return user;
}

/**
 * The e-mail addresses of an admin user list (GoTrue's `{ users: [...] }`).
 * @param {string} text
 * @returns {string[]}
 */
function emails(text) {
  /** @type {unknown} */
  const body = JSON.parse(text);
  if (typeof body !== 'object' || body === null || !('users' in body) || !Array.isArray(body.users)) return [];
  return body.users.flatMap((/** @type {unknown} */ u) =>
    typeof u === 'object' && u !== null && 'email' in u && typeof u.email === 'string' ? [u.email] : [],
  );
}

/**
 * Makes every test account that does not exist yet.
 * @param {string} baseUrl
 * @param {string} serviceKey
 */
export async function ensureTestUsers(baseUrl, serviceKey) {
  const headers = { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' };
  const list = await fetch(`${baseUrl}/auth/v1/admin/users?per_page=1000`, { headers });
  if (!list.ok) throw new Error(`listing users: HTTP ${String(list.status)} ${await list.text()}`);
  const existing = new Set(emails(await list.text()));
  for (const user of testUsers) {
    if (existing.has(user.email)) continue;
    const response = await fetch(`${baseUrl}/auth/v1/admin/users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        email: user.email,
        password: user.password,
        email_confirm: true,
        user_metadata: { full_name: user.fullName },
        app_metadata: { role: user.role, is_active: user.isActive ?? true, ...(user.permissions ? { permissions: user.permissions } : {}) },
      }),
    });
    if (!response.ok) throw new Error(`creating ${user.email}: HTTP ${String(response.status)} ${await response.text()}`);
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const url = process.env.KANISA_URL;
  const key = process.env.KANISA_SERVICE_KEY;
  if (!url || !key) throw new Error('KANISA_URL and KANISA_SERVICE_KEY are required');
  await ensureTestUsers(url.replace(/\/+$/, ''), key);
  console.log(`test users ready: ${testUsers.map((u) => `${u.role}:${u.email}`).join(', ')}`);
}
