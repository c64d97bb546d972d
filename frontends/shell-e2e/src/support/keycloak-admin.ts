/** Keycloak admin REST calls the Keycloak journeys need (realm SMTP, role grants, users). */
export interface KeycloakAdmin {
  url: string;
  realm: string;
  adminUser: string;
  adminPassword: string;
}

export function keycloakFromEnv(): KeycloakAdmin {
  const url = process.env['LOADOUT_KEYCLOAK_URL'];
  if (!url) throw new Error('LOADOUT_KEYCLOAK_URL not set');
  return {
    url: url.replace(/\/$/, ''),
    realm: process.env['LOADOUT_KEYCLOAK_REALM'] ?? 'loadout',
    adminUser: process.env['LOADOUT_KEYCLOAK_ADMIN_USER'] ?? 'admin',
    adminPassword: process.env['LOADOUT_KEYCLOAK_ADMIN_PASSWORD'] ?? 'admin',
  };
}

async function adminFetch(kc: KeycloakAdmin, path: string, init: RequestInit = {}) {
  const tokenRes = await fetch(`${kc.url}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'admin-cli',
      username: kc.adminUser,
      password: kc.adminPassword,
    }),
  });
  if (!tokenRes.ok) throw new Error(`Keycloak admin sign-in failed: HTTP ${tokenRes.status}`);
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const res = await fetch(`${kc.url}/admin/realms/${kc.realm}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  if (!res.ok) throw new Error(`Keycloak admin ${path}: HTTP ${res.status} ${await res.text()}`);
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/** Points the realm's mail at an SMTP server (the journeys' sink). */
export async function setRealmSmtp(kc: KeycloakAdmin, host: string, port: number): Promise<void> {
  const realm = (await adminFetch(kc, '')) as { smtpServer?: Record<string, string> };
  await adminFetch(kc, '', {
    method: 'PUT',
    body: JSON.stringify({ smtpServer: { ...realm.smtpServer, host, port: String(port) } }),
  });
}

/** Grants a realm role (e.g. admin) to the user with this email. */
export async function grantRealmRole(kc: KeycloakAdmin, email: string, role: string) {
  const [user] = (await adminFetch(kc, `/users?email=${encodeURIComponent(email)}&exact=true`)) as {
    id: string;
  }[];
  if (!user) throw new Error(`no Keycloak user ${email}`);
  const roleRep = await adminFetch(kc, `/roles/${encodeURIComponent(role)}`);
  await adminFetch(kc, `/users/${user.id}/role-mappings/realm`, {
    method: 'POST',
    body: JSON.stringify([roleRep]),
  });
  return user.id;
}
