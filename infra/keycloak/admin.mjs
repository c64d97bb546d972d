// Keycloak admin REST calls the launchers need (Node built-ins only).

async function adminToken({ url, adminUser, adminPassword }) {
  const res = await fetch(`${url}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'admin-cli',
      username: adminUser,
      password: adminPassword,
    }),
  });
  if (!res.ok) throw new Error(`Keycloak admin sign-in failed (HTTP ${res.status})`);
  return (await res.json()).access_token;
}

/** One admin REST call on the realm (`path` below /admin/realms/<realm>); JSON or null. */
async function realmAdmin(kc, token, path, init = {}) {
  const res = await fetch(`${kc.url}/admin/realms/${kc.realm}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  if (!res.ok)
    throw new Error(
      `Keycloak admin ${init.method ?? 'GET'} ${path}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`,
    );
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

/** Points the realm's mail at an SMTP server (start:cluster: the development mailbox). */
export async function setRealmSmtp(kc, host, port) {
  const token = await adminToken(kc);
  const realm = await realmAdmin(kc, token, '');
  const smtpServer = { ...realm.smtpServer, host, port: String(port), auth: 'false' };
  await realmAdmin(kc, token, '', { method: 'PUT', body: JSON.stringify({ smtpServer }) });
}

/**
 * Creates each user that does not exist yet (verified, with the password and the realm's
 * required profile attributes) and grants its roles; existing users are left as they are.
 * Returns the emails it created.
 */
export async function seedUsers(kc, users, password) {
  const token = await adminToken(kc);
  const created = [];
  for (const u of users) {
    const q = `/users?email=${encodeURIComponent(u.email)}&exact=true`;
    if ((await realmAdmin(kc, token, q)).length > 0) continue;
    await realmAdmin(kc, token, '/users', {
      method: 'POST',
      body: JSON.stringify({
        username: u.username,
        email: u.email,
        emailVerified: true,
        enabled: true,
        attributes: { fullName: [u.fullName], ageConfirmed: ['yes'], termsAccepted: ['yes'] },
        credentials: [{ type: 'password', value: password, temporary: false }],
      }),
    });
    const [user] = await realmAdmin(kc, token, q);
    const roles = [];
    for (const role of u.roles ?? [])
      roles.push(await realmAdmin(kc, token, `/roles/${encodeURIComponent(role)}`));
    if (roles.length > 0)
      await realmAdmin(kc, token, `/users/${user.id}/role-mappings/realm`, {
        method: 'POST',
        body: JSON.stringify(roles),
      });
    created.push(u.email);
  }
  return created;
}

/**
 * Lets the web client sign in from `publicUrl` (redirect URIs, web origins, logout redirect):
 * the realm file names one public URL, a launcher on another port adds its own.
 */
export async function allowClientOrigin(kc, publicUrl, clientId = 'loadout-web') {
  const token = await adminToken(kc);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const base = `${kc.url}/admin/realms/${kc.realm}/clients`;
  const [client] = await (
    await fetch(`${base}?clientId=${encodeURIComponent(clientId)}`, { headers })
  ).json();
  if (!client) throw new Error(`client ${clientId} not found in realm ${kc.realm}`);
  const origin = new URL(publicUrl).origin;
  const add = (list, value) => (list.includes(value) ? list : [...list, value]);
  const redirectUris = add(client.redirectUris ?? [], `${origin}/*`);
  const webOrigins = add(client.webOrigins ?? [], origin);
  const logout = (client.attributes?.['post.logout.redirect.uris'] ?? '')
    .split('##')
    .filter(Boolean);
  const attributes = {
    ...client.attributes,
    'post.logout.redirect.uris': add(logout, `${origin}/*`).join('##'),
  };
  const res = await fetch(`${base}/${client.id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...client, redirectUris, webOrigins, attributes }),
  });
  if (!res.ok) throw new Error(`updating client ${clientId} failed (HTTP ${res.status})`);
}
